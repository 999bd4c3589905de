"""The published schemas, judged by the clients that read them."""

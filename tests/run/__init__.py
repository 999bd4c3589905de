"""dv-eval's runs: command lines, batches and workers, signals, reports, kubeconform's command line."""

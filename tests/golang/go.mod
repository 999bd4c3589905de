module example.com/dv2openapi/tests/golang

go 1.24

module example.com/registrytest

go 1.26.0

module example.com/gatetest

go 1.26.0

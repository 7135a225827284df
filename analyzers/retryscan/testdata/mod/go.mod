module example.com/retryscantest

go 1.26.0

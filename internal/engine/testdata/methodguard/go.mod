module example.com/methodguardtest

go 1.26.0

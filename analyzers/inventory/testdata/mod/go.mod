module example.com/inv

go 1.26.0

module example.com/contexts

go 1.26

module github.com/cxm/cxm

go 1.26

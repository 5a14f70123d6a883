//go:build !linux

package hugeheap

func advise(reserve int) (int, error) { return 0, nil }

func freePagesReported(sys string) bool { return false }

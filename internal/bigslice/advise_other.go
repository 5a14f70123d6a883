//go:build !linux

package bigslice

import "unsafe"

func advise(p unsafe.Pointer, n uintptr) {}

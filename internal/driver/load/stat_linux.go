package load

import (
	"os"
	"syscall"
)

// statDetails returns a file's change time (Unix nanoseconds) and inode.
func statDetails(fi os.FileInfo) (changeTime int64, inode uint64) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 0
	}
	return st.Ctim.Nano(), st.Ino
}

"""tf.print of string bytes that are not UTF-8 writes the raw bytes, as TF 2.21's PrintV2 kernel does.

TF 2.21: tf.print(tf.constant(b'\\xff\\x00')) writes the bytes ff 00 0a to stderr
(notes/progs/autograph7/p1.py); tapeflow wrote '\\udcff' there (sys.stderr's backslashreplace).
"""
import sys

import framework as tf


def test_non_utf8_bytes_go_to_stderr_raw(capfdbinary):
    tf.print(tf.constant(b'\xff\x00'))
    sys.stderr.flush()
    assert capfdbinary.readouterr().err == b'\xff\x00\n'


def test_non_utf8_bytes_to_stdout_and_plain_text(capfdbinary):
    tf.print(tf.constant([b'a\xfe', b'b']), output_stream=sys.stdout)
    tf.print('caf\u00e9', tf.constant(1.5), output_stream=sys.stdout)
    sys.stdout.flush()
    assert capfdbinary.readouterr().out == b'["a\xfe" "b"]\ncaf\xc3\xa9 1.5\n'

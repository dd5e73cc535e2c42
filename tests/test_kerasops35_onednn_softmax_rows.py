"""float32 softmax over rows of 64 classes and more, as TF 2.21's oneDNN kernel sums them (AVX-512 Xeon).

oneDNN's softmax loop adds the exps of a row in 16-lane blocks into four vector registers in turn (blocks
0, 4, 8, ... into the first), a partial last block into the first, then (r0 + r1) + (r2 + r3) before
halving the lanes. tapeflow kept one running sum, which is the same below 64 classes but not above: a
softmax over 64 classes had 63 of 64 values an ulp off (attention over 64+ keys, 100-class heads).

Goldens: /work/notes/progs/kerasops/g_sm.py run with TF 2.21 on the Xeon (oneDNN on).
"""
import numpy as np
import pytest

import framework as tf


def _row(n):
    return (np.sin(np.arange(n, dtype='float64') * 0.7) * 3 + np.cos(np.arange(n) * 1.3)).astype('float32')[None]


@pytest.mark.parametrize('n, head', [
    (64, ['0x1.c63d0a0000000p-8', '0x1.7916aa0000000p-6', '0x1.54f7c80000000p-6', '0x1.0d5a700000000p-6',
          '0x1.6ca8200000000p-7', '0x1.35d32e0000000p-9']),
    (95, ['0x1.23ca5c0000000p-8', '0x1.e476820000000p-7', '0x1.b60e9c0000000p-7', '0x1.5a0cee0000000p-7',
          '0x1.d47dc00000000p-8', '0x1.8e0bd80000000p-10']),
    (200, ['0x1.22620e0000000p-9', '0x1.e2204c0000000p-8', '0x1.b3f1b40000000p-8', '0x1.5861a00000000p-8',
           '0x1.d23b420000000p-9', '0x1.8c20580000000p-11']),
])
def test_softmax_rows_of_many_classes(xeon_cpu, n, head):
    out = tf.nn.softmax(_row(n)).numpy().ravel()
    assert [float(v).hex() for v in out[:6]] == head
    assert [float(v).hex() for v in tf.keras.ops.softmax(_row(n)).numpy().ravel()[:6]] == head

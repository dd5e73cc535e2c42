"""float32 softmax without oneDNN multiplies by Eigen's reciprocal of the rows' sums, as TF 2.21 computes it:
SoftmaxEigenImpl's sum(...).inverse() runs VRCPPS's estimate and a Newton step on packets of 8 rows
(eigen_reciprocal), the last rows % 8 taking 1 / x; tapeflow divided exactly, so softmax of 8 or more rows
was an ulp off in about a fifth of the values (random batches: 25 of 200 equal before, 200 of 200 after),
and so were Dense(activation='softmax') and CategoricalFocalCrossentropy(from_logits=True). The AMD EPYC
7002 (Zen 2) these were printed on has Zen 3's VRCPPS (zen3_reciprocal_estimate.py, now taken there too),
which these tests turn on whatever the CPU. Values printed by TF 2.21 on that CPU
(/work/notes/progs/metrics13/sm32.py; VRCPPS read with vrcpps.c).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.ops import zen3_reciprocal_estimate


@pytest.fixture(autouse=True)
def eigen_softmax_on_zen(monkeypatch):
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '0')
    monkeypatch.setattr(zen3_reciprocal_estimate, 'applies', lambda: True)


X = (np.sin(np.arange(40) * 1.7) * 3).astype('float32').reshape(10, 4)


def _bits(t):
    return ' '.join('%08x' % v for v in np.asarray(t, np.float32).reshape(-1).view(np.uint32))


def test_softmax_rows_take_the_reciprocal_estimate():
    # exact division gave 3be75a39 ... 3b25faab 3bbb817a in places 5, 7 and 8
    assert _bits(tf.nn.softmax(X)[:, 1]) == ('3f6d7d89 3f336f64 3e44576d 3cf89ede 3be75a37 3b2de307 3b25faaa '
                                             '3bbb817b 3c662d50 3d73ce03')


def test_softmax_layers_and_focal_loss():
    y = np.eye(4, dtype='float32')[np.arange(10) % 4]
    focal = keras.losses.CategoricalFocalCrossentropy(from_logits=True, reduction=None)
    assert _bits(focal(y, X)) == ('3f3126fc 3c02334f 3fb60a4d 3ecdbb6c 3cd17e78 3fbcd102 3ef4f370 3d543388 '
                                  '3fadcb64 3f1fb69c')
    dense = keras.layers.Dense(4, activation='softmax', kernel_initializer='identity')
    assert _bits(dense(X)[:, 2]) == ('3cb43b69 3c0033d7 3b55a599 3b1549fc 3b96c5c1 3c898b6c 3dc4d4da 3f00f3a1 '
                                     '3f640776 3f6b651d')


def test_zen2_reciprocal_is_zen3s():
    assert _bits(tf.math.reciprocal(np.linspace(0.3, 9, 16).astype('float32'))) == (
        '40555555 3f91745d 3f2f57ab 3efafafc 3ec36b7c 3ea00000 3e877322 3e6adcc4 3e4f4996 3e3981db 3e27de6d '
        '3e194b1e 3e0d0bfd 3e029cbc 3df33afc 3de38e38')
    assert ('AuthenticAMD', '23', '49') in zen3_reciprocal_estimate._MEASURED

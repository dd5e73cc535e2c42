"""keras.ops.dot_product_attention of int tensors: Keras 3 on TF 2.21 keeps the integer dtype.

Values printed by TF 2.21 (/work/notes/progs/kerasops2/dpa.py, dpa2.py):
    rng = np.random.RandomState(0); q = rng.randint(0, 3, (1, 3, 2, 4)); k = rng.randint(0, 3, (1, 3, 2, 4))
    v = rng.randint(-5, 9, (1, 3, 2, 4)); keras.ops.dot_product_attention(q.astype('int32'), ..., is_causal=True)
"""
import re

import numpy as np
import pytest

from framework.errors import NotFoundError
from framework.keras import ops


def _qkv(dtype):
    rng = np.random.RandomState(0)
    q, k, v = rng.randint(0, 3, (1, 3, 2, 4)), rng.randint(0, 3, (1, 3, 2, 4)), rng.randint(-5, 9, (1, 3, 2, 4))
    return q.astype(dtype), k.astype(dtype), v.astype(dtype)


@pytest.mark.parametrize('dtype', ['int32', 'int64'])
def test_int_attention_truncates_probabilities_in_the_input_dtype(dtype):
    # probabilities below 1 truncate to 0; the causal first query sees one key with probability 1
    causal = ops.dot_product_attention(*_qkv(dtype), is_causal=True)
    assert causal.dtype.name == dtype
    assert np.asarray(causal).ravel().tolist() == [1, 3, -1, -4, -1, 4, 5, 5] + [0] * 16
    plain = ops.dot_product_attention(*_qkv(dtype), bias=np.ones((1, 2, 3, 3)), scale=0.5)
    assert plain.dtype.name == dtype and not np.asarray(plain).any()


def test_mixed_int_dtypes_meet_and_masks_still_apply():
    ones = np.ones((1, 2, 1, 4))
    out = ops.dot_product_attention(ones.astype('int32'), ones.astype('int64'), ones.astype('int32'),
                                    mask=np.array([True, False]))
    assert out.dtype.name == 'int64' and np.asarray(out).ravel().tolist()[:3] == [1, 1, 1]
    beside_float = ops.dot_product_attention(ones.astype('int32'), ones.astype('int32'), ones.astype('float32'))
    assert beside_float.dtype.name == 'float32' and np.asarray(beside_float).ravel().tolist()[:3] == [1.0] * 3


@pytest.mark.parametrize('dtype', ['uint8', 'int16', 'bool'])
def test_dtypes_without_an_einsum_kernel_are_refused(dtype):
    text = ('Could not find device for node: {{node Einsum}} = Einsum[N=2, T=DT_%s, equation="BTNH,BSNH->BNTS"]'
            '\nAll kernels registered for op Einsum:' % dtype.upper())
    with pytest.raises(NotFoundError, match='^' + re.escape(text)):
        ops.dot_product_attention(*_qkv(dtype))

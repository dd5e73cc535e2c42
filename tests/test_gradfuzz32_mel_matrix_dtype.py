"""tf.signal.linear_to_mel_weight_matrix in the dtype asked for, and its argument errors in TF 2.21's words.

TF computes the whole matrix in ``dtype`` (linspace, 1127 log(1 + f / 700), the slopes): tapeflow made a
float32 matrix and cast it, so float64 weights carried float32's digits and float16 / bfloat16 ones
rounded otherwise (bfloat16 was refused as not floating). Goldens: TF 2.21 on the AMD EPYC (AVX2),
/work/notes/progs/gradfuzz32/p4.py (every value of 20 matrices, 4 dtypes) and p6.py (the errors); the
weights' nonzero entries are listed by flat index.
"""
import numpy as np
import pytest

import framework as tf
from conftest import hexes_as_tf

ROWS = [
    ('float32', (4, 9, 16000, 20.0, 4000.0), (
        '5:0x1.6baa3a0000000p-1 6:0x1.28ab8a0000000p-2 10:0x1.e8c70a0000000p-2 11:0x1.0b9c7c0000000p-1 '
        '15:0x1.4671560000000p-1 ')),
    ('float64', (4, 9, 16000, 20.0, 4000.0), (
        '5:0x1.6baa35931a53bp-1 6:0x1.28ab94d9cb589p-2 10:0x1.e8c6fe743ecdep-2 11:0x1.0b9c80c5e0991p-1 '
        '15:0x1.46714c99e3103p-1 ')),
    ('float64', (8, 33, 8000, 80.0, 3000.0), (
        '8:0x1.4c0aaa47bef73p-2 16:0x1.b86584bfef9c1p-1 17:0x1.1e69ed00418fbp-3 24:0x1.2a083c5326974p-3 '
        '25:0x1.b57df0eb365a3p-1 33:0x1.04e9c8c2c6d63p-1 34:0x1.f62c6e7a72539p-2 42:0x1.df9c777eb81e7p-1 '
        '43:0x1.031c440a3f0cbp-4 50:0x1.a98a6d6003423p-2 51:0x1.2b3ac94ffe5efp-1 59:0x1.e0023ec915096p-1 '
        '60:0x1.ffdc136eaf69cp-5 67:0x1.fbe67ef836446p-2 68:0x1.020cc083e4dddp-1 75:0x1.5f8139307ea4ep-4 '
        '76:0x1.d40fd8d9f02b6p-1 84:0x1.67d839ab5988dp-1 85:0x1.304f8ca94cee7p-2 92:0x1.5fe0c1d16e284p-2 '
        '93:0x1.500f9f1748ebep-1 100:0x1.65ade2db0b8e3p-8 101:0x1.fd34a43a49e8ep-1 109:0x1.5f3884883a8a6p-1 '
        '110:0x1.418ef6ef8aeb3p-2 117:0x1.886e36b93fcc2p-2 118:0x1.3bc8e4a36019fp-1 125:0x1.8765dabce544ap-4 '
        '126:0x1.cf1344a863577p-1 134:0x1.a49e131f1fbe9p-1 135:0x1.6d87b3838105bp-3 142:0x1.1ea943a2b84f5p-1 '
        '143:0x1.c2ad78ba8f616p-2 150:0x1.3d02ee3f3f4a5p-2 151:0x1.617e88e0605adp-1 158:0x1.1d5b14cb0abb6p-4 '
        '159:0x1.dc549d669ea89p-1 167:0x1.adba79ac5c695p-1 175:0x1.3c4eabafd360bp-1 183:0x1.9e251773d309cp-2 '
        '191:0x1.96e732b923229p-3 ')),
    ('float16', (4, 9, 16000, 20.0, 4000.0), (
        '5:0x1.6a40000000000p-1 6:0x1.2bc0000000000p-2 10:0x1.e680000000000p-2 11:0x1.0cc0000000000p-1 '
        '15:0x1.4600000000000p-1 ')),
    ('float16', (8, 33, 8000, 80.0, 3000.0), (
        '8:0x1.4d00000000000p-2 16:0x1.b740000000000p-1 17:0x1.2380000000000p-3 24:0x1.2b40000000000p-3 '
        '25:0x1.b540000000000p-1 33:0x1.0300000000000p-1 34:0x1.fa00000000000p-2 42:0x1.df40000000000p-1 '
        '43:0x1.0680000000000p-4 50:0x1.ac00000000000p-2 51:0x1.2a00000000000p-1 59:0x1.df00000000000p-1 '
        '60:0x1.0740000000000p-4 67:0x1.f6c0000000000p-2 68:0x1.0480000000000p-1 75:0x1.5100000000000p-4 '
        '76:0x1.d600000000000p-1 84:0x1.6500000000000p-1 85:0x1.35c0000000000p-2 92:0x1.5a80000000000p-2 '
        '93:0x1.52c0000000000p-1 101:0x1.0000000000000p+0 109:0x1.5d40000000000p-1 110:0x1.4580000000000p-2 '
        '117:0x1.8480000000000p-2 118:0x1.3dc0000000000p-1 125:0x1.7a00000000000p-4 126:0x1.d0c0000000000p-1 '
        '134:0x1.a400000000000p-1 135:0x1.6f80000000000p-3 142:0x1.1b80000000000p-1 143:0x1.c8c0000000000p-2 '
        '150:0x1.3b00000000000p-2 151:0x1.6280000000000p-1 158:0x1.1100000000000p-4 159:0x1.ddc0000000000p-1 '
        '167:0x1.ac00000000000p-1 175:0x1.3880000000000p-1 183:0x1.9980000000000p-2 191:0x1.8f00000000000p-3 ')),
    ('bfloat16', (4, 9, 16000, 20.0, 4000.0), (
        '5:0x1.6800000000000p-1 6:0x1.3200000000000p-2 10:0x1.d000000000000p-2 11:0x1.1800000000000p-1 '
        '15:0x1.3600000000000p-1 ')),
]


@pytest.mark.parametrize('dtype, args, nonzero', ROWS, ids=['%s-%d' % (r[0], r[1][1]) for r in ROWS])
def test_mel_matrix_is_computed_in_its_dtype(dtype, args, nonzero):
    w = tf.signal.linear_to_mel_weight_matrix(*args, dtype=dtype)
    assert w.dtype == getattr(tf, dtype) and w.shape == (args[1], args[0])
    flat = w.numpy().astype(np.float64).ravel()
    expected = dict(item.split(':') for item in nonzero.split())
    assert [i for i in range(flat.size) if flat[i] != 0] == sorted(int(i) for i in expected)
    got = [float(flat[int(i)]).hex() for i in expected]
    assert hexes_as_tf(got, list(expected.values()))


def test_tensor_sample_rate_reads_its_value():
    w = tf.signal.linear_to_mel_weight_matrix(4, 9, tf.constant(16000), 20.0, 4000.0, dtype=tf.float64)
    assert float(w.numpy()[1, 1]).hex() == '0x1.6baa35931a53bp-1'


@pytest.mark.parametrize('args, text', [
    ((0, 9, 16000, 20.0, 4000.0), 'num_mel_bins must be positive. Got: 0'),
    ((-2, 9, -5, 5.0, 4.0), 'num_mel_bins must be positive. Got: -2'),
    ((4, 9, 16000, -1.0, 4000.0), 'lower_edge_hertz must be non-negative. Got: -1.0'),
    ((4, 9, 16000, 4000.0, 4000.0), 'lower_edge_hertz 4000.0 >= upper_edge_hertz 4000.0'),
    ((4, 9, 0, 20.0, 4000.0), 'sample_rate must be positive. Got: 0'),
    ((4, 9, 16000, 20.0, 9000.0), 'upper_edge_hertz must not be larger than the Nyquist frequency (sample_rate / 2). '
                                  'Got 9000.0 for sample_rate: 16000'),
])
def test_argument_errors_are_tfs(args, text):
    with pytest.raises(ValueError) as info:
        tf.signal.linear_to_mel_weight_matrix(*args)
    assert str(info.value) == text


@pytest.mark.parametrize('dtype', ['int32', 'complex64'])
def test_non_float_dtype_is_tfs_error(dtype):
    with pytest.raises(ValueError) as info:
        tf.signal.linear_to_mel_weight_matrix(4, 9, 16000, 20.0, 4000.0, dtype=getattr(tf, dtype))
    assert str(info.value) == "dtype must be a floating point type. Got: <dtype: '%s'>" % dtype


@pytest.mark.parametrize('bins', [1, 0])
def test_one_or_no_spectrogram_bin_is_the_dc_row(bins):
    w = tf.signal.linear_to_mel_weight_matrix(4, bins, 16000, 20.0, 4000.0)
    assert w.shape == (1, 4) and not w.numpy().any()

"""tf.signal.dct / idct / mfccs_from_log_mel_spectrograms are TF 2.21's compositions through rfft / irfft
(framework/ops/cosine_transforms.py), so values, gradients and second derivatives carry TF's float32 bits;
the cosine-matrix product they were gave dct(x)[0, 1] = 0x1.2c3e1ep+1-style values an ulp or more off (up
to 8e-6 relative in mfccs) and different gradients. The twiddles 2 exp(-i pi k / 2N) need TF's complex64
exp (Eigen's pexp_complex: framework/ops/eigen_complex_exp.py) and its complex product (parts multiplied in
float32, then added). Literals printed by TF 2.21 (progs/gradfuzz15/t19.py: (values, gradient of
sum(dct * W)) as float.hex; p7.py compares 180 more cases, t18.py complex exp)."""
import math

import numpy as np
import pytest

import framework as tf

X = np.array([[0.3, -1.2, 2.5, 0.7, -0.4, 1.9, -2.2], [1.1, 0.05, -0.6, 0.9, 3.1, -1.4, 0.25]], np.float32)
W = np.cos(np.arange(14) * 0.7 + 0.3).astype(np.float32).reshape(2, 7)
TF_2_21 = {(1, None): (['0x1.4666640000000p+2',
              '0x1.f60c000000000p-6',
              '-0x1.2ccccc0000000p+2',
              '-0x1.a666660000000p+1',
              '-0x1.a666640000000p+1',
              '0x1.589e920000000p+3',
              '-0x1.fffff00000000p-2',
              '0x1.5cccca0000000p+2',
              '-0x1.5aa6a00000000p-2',
              '-0x1.1333340000000p+2',
              '0x1.0800000000000p+3',
              '0x1.0000020000000p+1',
              '-0x1.5722620000000p+2',
              '0x1.cffffe0000000p+2'],
             ['-0x1.5f1a800000000p+0',
              '0x1.6089580000000p+2',
              '0x1.ebabe40000000p+1',
              '0x1.2ef1200000000p-1',
              '0x1.6497a60000000p+0',
              '0x1.cb1ff00000000p-1',
              '0x1.3590ca0000000p-1',
              '0x1.f4f9740000000p-1',
              '0x1.bbdbb80000000p+2',
              '-0x1.5ec5b60000000p+1',
              '0x1.7d6aaa0000000p-1',
              '-0x1.fcce600000000p-1',
              '0x1.21075c0000000p+0',
              '-0x1.b9b4a00000000p-2']),
 (2, None): (['0x1.9999940000000p+1',
              '0x1.459b900000000p+1',
              '-0x1.c85f2e0000000p+2',
              '0x1.e3a9d40000000p-1',
              '-0x1.9525760000000p+1',
              '0x1.97f4800000000p+3',
              '0x1.54ca280000000p-1',
              '0x1.b333320000000p+2',
              '0x1.6d8ac00000000p-1',
              '-0x1.8af63a0000000p+1',
              '0x1.d242a40000000p+2',
              '0x1.336b740000000p+2',
              '-0x1.f803f40000000p+2',
              '0x1.3f4cf80000000p+2'],
             ['-0x1.c9d75c0000000p-2',
              '0x1.bc639c0000000p+2',
              '0x1.672b8c0000000p+1',
              '0x1.2ef1200000000p-1',
              '0x1.775f100000000p+0',
              '0x1.c7744e0000000p-1',
              '0x1.1feba00000000p+0',
              '0x1.00476a0000000p+2',
              '0x1.549f120000000p+2',
              '-0x1.b023b00000000p+1',
              '0x1.7d6aa80000000p-1',
              '-0x1.2f96d80000000p-1',
              '0x1.a92ab60000000p-2',
              '0x1.5459c00000000p-5']),
 (2, 'ortho'): (['0x1.35a0e20000000p-1',
                 '0x1.5c16da0000000p-1',
                 '-0x1.e7e1cc0000000p+0',
                 '0x1.02876c0000000p-2',
                 '-0x1.b11ea40000000p-1',
                 '0x1.b41f540000000p+1',
                 '0x1.6c51cc0000000p-3',
                 '0x1.48faf40000000p+0',
                 '0x1.86c7e60000000p-3',
                 '-0x1.a63b640000000p-1',
                 '0x1.f2740a0000000p+0',
                 '0x1.48a5440000000p+0',
                 '-0x1.0d685a0000000p+1',
                 '0x1.5558c80000000p+0'],
                ['-0x1.1384b40000000p-2',
                 '0x1.b4c87c0000000p+0',
                 '0x1.3364380000000p-1',
                 '0x1.18c5a00000000p-7',
                 '0x1.f0446c0000000p-3',
                 '0x1.692e800000000p-4',
                 '0x1.354a140000000p-3',
                 '0x1.fe646e0000000p-1',
                 '0x1.595cae0000000p+0',
                 '-0x1.f388220000000p-1',
                 '0x1.0187d00000000p-3',
                 '-0x1.dac57c0000000p-3',
                 '0x1.3429220000000p-5',
                 '-0x1.fdebcc0000000p-5']),
 (3, None): (['0x1.dd7f8c0000000p+1',
              '-0x1.4fd3b40000000p+0',
              '-0x1.827e420000000p+2',
              '-0x1.1999960000000p+0',
              '-0x1.cac7a20000000p+2',
              '0x1.6216e60000000p+3',
              '0x1.76341a0000000p+1',
              '0x1.1248160000000p+2',
              '-0x1.84d62e0000000p+1',
              '-0x1.7da3fc0000000p+1',
              '0x1.0000000000000p+3',
              '0x1.34752e0000000p+2',
              '-0x1.c5df860000000p+2',
              '0x1.da58500000000p+1'],
             ['-0x1.5f1a800000000p+0',
              '0x1.4715040000000p+2',
              '0x1.07216a0000000p+2',
              '-0x1.075b440000000p+0',
              '0x1.a118ce0000000p-2',
              '-0x1.c8ba7a0000000p-3',
              '0x1.60ee880000000p-4',
              '0x1.f4f9700000000p-1',
              '0x1.9bcf600000000p+2',
              '-0x1.7773120000000p+1',
              '-0x1.4b93b20000000p+0',
              '-0x1.2991940000000p-2',
              '-0x1.1f85000000000p-2',
              '-0x1.f794c20000000p-5']),
 (3, 'ortho'): (['0x1.07bc4c0000000p+0',
                 '-0x1.4501760000000p-2',
                 '-0x1.94ad340000000p+0',
                 '-0x1.0b08ea0000000p-2',
                 '-0x1.e1f44a0000000p+0',
                 '0x1.7ec9d80000000p+1',
                 '0x1.a10b5a0000000p-1',
                 '0x1.4464b60000000p+0',
                 '-0x1.6155f60000000p-1',
                 '-0x1.59a4980000000p-1',
                 '0x1.2143340000000p+1',
                 '0x1.68ede20000000p+0',
                 '-0x1.c609660000000p+0',
                 '0x1.1cb8da0000000p+0'],
                ['-0x1.0968c80000000p-1',
                 '0x1.5daa5c0000000p+0',
                 '0x1.194c620000000p+0',
                 '-0x1.198a3a0000000p-2',
                 '0x1.bde5340000000p-4',
                 '-0x1.e843620000000p-5',
                 '0x1.794cc80000000p-6',
                 '0x1.7ab3740000000p-2',
                 '0x1.b83e540000000p+0',
                 '-0x1.915f540000000p-1',
                 '-0x1.62787c0000000p-2',
                 '-0x1.3e1d420000000p-4',
                 '-0x1.335f0e0000000p-4',
                 '-0x1.0d2ce80000000p-6']),
 (4, None): (['0x1.f215160000000p+1',
              '-0x1.9d65ec0000000p+1',
              '-0x1.e17e8c0000000p+1',
              '-0x1.21a17e0000000p-1',
              '0x1.6675780000000p+1',
              '0x1.8969b40000000p+3',
              '-0x1.86cf6c0000000p+2',
              '0x1.3de49c0000000p+2',
              '-0x1.7b64dc0000000p+1',
              '0x1.3e293e0000000p+0',
              '0x1.33bb9a0000000p+3',
              '-0x1.e5b7640000000p+1',
              '-0x1.8b9de40000000p+1',
              '0x1.ac41420000000p+2'],
             ['0x1.95e2420000000p-6',
              '0x1.ba86960000000p+2',
              '0x1.4e72720000000p-2',
              '-0x1.146ee00000000p-2',
              '0x1.55aab00000000p-3',
              '-0x1.5118a20000000p-3',
              '0x1.28f4c00000000p-3',
              '0x1.0a5d740000000p+2',
              '0x1.90e1fa0000000p+1',
              '-0x1.26634c0000000p+2',
              '0x1.04914c0000000p+0',
              '-0x1.8f1a3c0000000p+0',
              '0x1.e1fb900000000p-1',
              '-0x1.0f80b60000000p+0']),
 (4, 'ortho'): (['0x1.0a3c7a0000000p+0',
                 '-0x1.b9f0f40000000p-1',
                 '-0x1.015e9c0000000p+0',
                 '-0x1.35a0e00000000p-3',
                 '0x1.7f356c0000000p-1',
                 '0x1.a4937c0000000p+1',
                 '-0x1.a1cb340000000p+0',
                 '0x1.53d78a0000000p+0',
                 '-0x1.9596da0000000p-1',
                 '0x1.5420ea0000000p-2',
                 '0x1.48faf20000000p+1',
                 '-0x1.03a0580000000p+0',
                 '-0x1.a6eea20000000p-1',
                 '0x1.c9d2e40000000p+0'],
                ['0x1.b1e9420000000p-8',
                 '0x1.d9147a0000000p+0',
                 '0x1.658a100000000p-4',
                 '-0x1.2784f60000000p-4',
                 '0x1.6d41ae0000000p-5',
                 '-0x1.685ee80000000p-5',
                 '0x1.3d75800000000p-5',
                 '0x1.1cc19a0000000p+0',
                 '0x1.ac8fca0000000p-1',
                 '-0x1.3ab6c40000000p+0',
                 '0x1.168ef40000000p-2',
                 '-0x1.aaa8900000000p-2',
                 '0x1.01a1740000000p-2',
                 '-0x1.223fa80000000p-2']),
 'mfcc': (['0x1.b5e1760000000p-1',
           '0x1.5c16d80000000p-1',
           '-0x1.e7e1c80000000p+0',
           '0x1.02876a0000000p-2',
           '-0x1.b11ea00000000p-1',
           '0x1.b41f500000000p+1',
           '0x1.6c51ca0000000p-3',
           '0x1.d13f940000000p+0',
           '0x1.86c7e40000000p-3',
           '-0x1.a63b600000000p-1',
           '0x1.f274080000000p+0',
           '0x1.48a5400000000p+0',
           '-0x1.0d68580000000p+1',
           '0x1.5558c60000000p+0'],
          ['-0x1.e974000000000p-4',
           '0x1.db12680000000p+0',
           '0x1.7ff8140000000p-1',
           '0x1.43dbcc0000000p-3',
           '0x1.9149f00000000p-2',
           '0x1.e6e6b40000000p-3',
           '0x1.33ccc80000000p-2',
           '0x1.11f9460000000p+0',
           '0x1.6c23ba0000000p+0',
           '-0x1.cdf9f80000000p-1',
           '0x1.97c05a0000000p-3',
           '-0x1.448ce60000000p-3',
           '0x1.c685bc0000000p-4',
           '0x1.6bd9900000000p-7']),
 'twiddles': (['0x1.0000000000000p+0',
               '0x1.fd88da0000000p-1',
               '0x1.f6297c0000000p-1',
               '0x1.e9f4160000000p-1',
               '0x1.d906bc0000000p-1',
               '0x1.c38b2e0000000p-1',
               '0x1.a9b6620000000p-1',
               '0x1.8bc8060000000p-1',
               '0x1.6a09e40000000p-1',
               '0x1.44cf320000000p-1',
               '0x1.1c73b20000000p-1',
               '0x1.e2b5d00000000p-2',
               '0x1.87de2c0000000p-2',
               '0x1.2940620000000p-2',
               '0x1.8f8b780000000p-3',
               '0x1.917a6a0000000p-4'],
              ['-0x0.0p+0',
               '-0x1.917a6c0000000p-4',
               '-0x1.8f8b840000000p-3',
               '-0x1.2940620000000p-2',
               '-0x1.87de2c0000000p-2',
               '-0x1.e2b5d40000000p-2',
               '-0x1.1c73b40000000p-1',
               '-0x1.44cf340000000p-1',
               '-0x1.6a09e60000000p-1',
               '-0x1.8bc8080000000p-1',
               '-0x1.a9b6640000000p-1',
               '-0x1.c38b300000000p-1',
               '-0x1.d906bc0000000p-1',
               '-0x1.e9f4160000000p-1',
               '-0x1.f6297e0000000p-1',
               '-0x1.fd88da0000000p-1'])}


def _hex(a):
    return [float(v).hex() for v in np.asarray(a).ravel()]


@pytest.mark.parametrize('kind, norm', [k for k in TF_2_21 if isinstance(k, tuple)])
def test_dct_values_and_gradients_are_tensorflows(kind, norm):
    x = tf.constant(X)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.signal.dct(x, type=kind, norm=norm)
        s = tf.reduce_sum(y * W)
    values, gradient = TF_2_21[(kind, norm)]
    assert _hex(y) == values
    assert _hex(tape.gradient(s, x)) == gradient


def test_mfccs_are_tensorflows():
    x = tf.constant(X)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.signal.mfccs_from_log_mel_spectrograms(x)
        s = tf.reduce_sum(y * W)
    values, gradient = TF_2_21['mfcc']
    assert _hex(y) == values
    assert _hex(tape.gradient(s, x)) == gradient


def test_complex64_exp_is_eigens():
    e = tf.exp(tf.complex(tf.zeros([16]), -tf.range(16.0) * math.pi * 0.5 / 16.0))
    real, imag = TF_2_21['twiddles']
    assert _hex(tf.math.real(e)) == real          # cos(pi / 4) is 0x1.6a09e4p-1 here, numpy's 0x1.6a09e6p-1
    assert _hex(tf.math.imag(e)) == imag


def test_complex64_exp_edge_cases_are_eigens():
    # TF 2.21: exp(-inf - 2i) = (-0, -0), exp(inf + i) = (inf, inf), exp(2 - 0i) = (e^2, -0),
    # exp(inf + nan i) = (inf, nan)
    z = tf.constant(np.array([complex(-np.inf, -2), complex(np.inf, 1), complex(2, -0.0), complex(np.inf, np.nan)],
                             np.complex64))
    out = tf.exp(z).numpy()
    assert np.signbit(out.real[0]) and np.signbit(out.imag[0]) and out.real[0] == 0
    assert out[1].real == np.inf and out[1].imag == np.inf
    assert float(out.real[2]).hex() == '0x1.d8e64c0000000p+2' and np.signbit(out.imag[2])
    assert out[3].real == np.inf and np.isnan(out[3].imag)


@pytest.mark.parametrize('dtype, error, text', [
    (tf.int32, TypeError, 'Cannot convert 0.0 to EagerTensor of dtype int32'),
    (tf.float16, TypeError, 'The `real` and `imag` components have incorrect types: float16 float16. They must be '
                            'consistent, and one of [tf.float32, tf.float64]')])
def test_dct_refuses_as_tensorflow(dtype, error, text):
    with pytest.raises(error) as caught:
        tf.signal.dct(tf.constant([[1, 0, 1]], dtype), type=2)
    assert str(caught.value) == text


@pytest.mark.parametrize('kwargs, error, text', [
    ({'type': 5}, ValueError, 'Types I, II, III and IV (I)DCT are supported.'),
    ({'axis': 0}, NotImplementedError, 'axis must be -1. Got: 0'),
    ({'type': 1, 'norm': 'ortho'}, ValueError, 'Normalization is not supported for the Type-I DCT.'),
    ({'norm': 'forward'}, ValueError, "Unknown normalization. Expected None or 'ortho', got: forward")])
def test_dct_arguments_are_checked_as_tensorflow(kwargs, error, text):
    with pytest.raises(error) as caught:
        tf.signal.dct(tf.constant(X), **kwargs)
    assert str(caught.value) == text

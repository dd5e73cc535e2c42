"""Layers refusing a scalar tensor argument show it as Keras 3's f-strings do (format(): the tensor's number),
as for a rate or slope computed with keras.ops in a keras.io example: TF 2.21 says 'Received: rate=1.5', tapeflow
said 'Received: rate=tf.Tensor(1.5, shape=(), dtype=float32)'.

Goldens: TF 2.21 + Keras 3.15 (progs/kerasexamples4/p37.py).
"""
import pytest

from framework.keras import layers, ops

_RATE = 'Invalid value received for argument `rate`. Expected a float value between 0 and 1. Received: rate=%s'


def _tensor(value, dtype='float32'):
    return ops.convert_to_tensor(value, dtype=dtype)


CASES = [
    (lambda: layers.Dropout(_tensor(1.5)), _RATE % '1.5'),
    (lambda: layers.Dropout(_tensor(-0.5)), _RATE % '-0.5'),
    (lambda: layers.SpatialDropout1D(_tensor(1.5)), _RATE % '1.5'),
    (lambda: layers.GaussianDropout(_tensor(1.5)), _RATE % '1.5'),
    # a float32 -0.1 as Python prints the float it is
    (lambda: layers.LeakyReLU(negative_slope=_tensor(-0.1)),
     'The negative_slope value of a Leaky ReLU layer cannot be None or negative value. Expected a float. Received: '
     'negative_slope=-0.10000000149011612'),
    (lambda: layers.ReLU(max_value=_tensor(-1.0)),
     'max_value of a ReLU layer cannot be a negative value. Received: max_value=-1.0'),
    (lambda: layers.Dropout(0.5, noise_shape=_tensor(4, 'int32')),
     'Invalid value received for argument `noise_shape`. Expected an iterable of integers (e.g., a tuple or list). '
     'Received: noise_shape=4'),
]


@pytest.mark.parametrize('index', range(len(CASES)))
def test_refusal_text(index):
    make, text = CASES[index]
    with pytest.raises(ValueError) as caught:
        make()
    assert str(caught.value) == text


def test_tensors_in_range_are_taken():
    # TF 2.21 takes them: Dropout(tensor 0.5), GaussianNoise(tensor 0.5)
    assert layers.Dropout(_tensor(0.5)).name.startswith('dropout')
    assert layers.GaussianNoise(_tensor(0.5)).name.startswith('gaussian_noise')

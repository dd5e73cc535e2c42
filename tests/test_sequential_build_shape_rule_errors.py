"""A layer whose compute_output_shape raises, built inside keras.Sequential([Input, layer]): TF 2.21 raises the
error in Keras's call banner, as the same layer called on a KerasTensor does (errors40's banner.py f_in_seq)."""
import pytest

from framework import keras


class _Refuses(keras.layers.Layer):
    def call(self, x, training=False):
        return x

    def compute_output_shape(self, input_shape):
        raise ValueError('boom')


def test_sequential_build_raises_the_shape_rules_error_in_the_call_banner():
    with pytest.raises(ValueError) as caught:
        keras.Sequential([keras.Input((2,)), _Refuses()])
    text = str(caught.value)
    assert text.startswith('Exception encountered when calling _Refuses.call().')
    assert 'boom' in text and "kwargs={'training': 'False'}" in text

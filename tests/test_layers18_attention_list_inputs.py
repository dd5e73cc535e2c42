"""Attention / AdditiveAttention check their inputs as Keras 3's _validate_inputs on TF 2.21: lists only (a
tuple of inputs or of masks is refused, in build for the first call), a tensor printed as Keras's f-string prints
it (its numpy value), compute_output_shape without checks, and AdditiveAttention's build reading input_shape[0][-1]
(notes progs/layers18/att3.py, att4.py)."""
import numpy as np
import pytest

from framework import keras

L = keras.layers
_BANNER = 'Exception encountered when calling %s.call().\n\n\x1b[1m'


def _message(fn, error=ValueError):
    with pytest.raises(error) as caught:
        fn()
    return str(caught.value)


@pytest.mark.parametrize('cls', ['Attention', 'AdditiveAttention'])
def test_tuple_of_inputs_refused(cls):
    q = np.ones((2, 3, 4), 'f')
    # TF 2.21 (build meets the tuple of shapes first, outside the call banner); tapeflow ran the layer
    assert _message(lambda: getattr(L, cls)()((q, q))) == (
        '%s layer must be called on a list of inputs, namely [query, value] or [query, value, key]. '
        'Received: inputs=((2, 3, 4), (2, 3, 4)).' % cls)
    sym = keras.Input((3, 4))
    assert _message(lambda: getattr(L, cls)()((sym, sym))).endswith('Received: inputs=((None, 3, 4), (None, 3, 4)).')


def test_tuple_after_a_list_call():
    q = np.ones((1, 1, 2), 'f')
    layer = L.Attention()
    layer([q, q])
    assert _message(lambda: layer(q)).startswith(
        _BANNER % 'Attention' + 'Attention layer must be called on a list of inputs, namely [query, value] or '
        '[query, value, key]. Received: inputs=[[[1. 1.]]].\x1b[0m')


@pytest.mark.parametrize('cls', ['Attention', 'AdditiveAttention'])
def test_tuple_of_masks_refused(cls):
    q = np.ones((2, 3, 4), 'f')
    assert _message(lambda: getattr(L, cls)()([q, q], mask=(None, np.ones((2, 3), bool)))).startswith(
        _BANNER % cls + '%s layer mask must be a list, namely [query_mask, value_mask]. Received: mask=(None, '
        '<tf.Tensor: shape=(2, 3), dtype=bool, numpy=\narray([[ True,  True,  True],\n       [ True,  True,  True]])>).'
        '\x1b[0m' % cls)
    assert _message(lambda: L.Attention().compute_mask([q, q], mask=(np.ones((2, 3), bool), None))) == (
        'Attention layer mask must be a list, namely [query_mask, value_mask]. Received: mask=(array([[ True,  True,  '
        'True],\n       [ True,  True,  True]]), None).')


def test_mask_tensor_printed_as_numpy():
    q = np.ones((2, 3, 4), 'f')
    # Keras's f-string formats the tensor as its numpy value; tapeflow printed 'tf.Tensor(\n[[...]], shape=...)'
    assert _message(lambda: L.Attention()([q, q], mask=np.ones((2, 3), bool))).startswith(
        _BANNER % 'Attention' + 'Attention layer mask must be a list, namely [query_mask, value_mask]. '
        'Received: mask=[[ True  True  True]\n [ True  True  True]].\x1b[0m')


def test_compute_output_shape_checks_nothing():
    assert L.Attention().compute_output_shape(((None, 3, 4), (None, 5, 6))) == (None, 3, 6)
    assert L.AdditiveAttention().compute_output_shape([(None, 3, 4), (None, 5, 6)]) == (None, 3, 6)
    assert _message(lambda: L.Attention().compute_output_shape((None, 3, 4)), TypeError) == (
        "'NoneType' object is not subscriptable")


def test_additive_build_reads_the_query_shape():
    layer = L.AdditiveAttention()
    layer.build([(None, 3, 4), (None, 3, 4)])
    assert [tuple(w.shape) for w in layer.weights] == [(4,)]
    # TF 2.21: one shape as a list passes the list check, then input_shape[0][-1] fails
    assert _message(lambda: L.AdditiveAttention().build([None, 3, 4]), TypeError) == (
        "'NoneType' object is not subscriptable")
    assert _message(lambda: L.AdditiveAttention().build([3, 4]), TypeError) == "'int' object is not subscriptable"


def test_saved_attention_rebuilds_from_its_list_of_shapes():
    # a loaded build config holds JSON lists: TF 2.21 builds (Keras passes the list of shapes on)
    layer = L.Attention(use_scale=True)
    layer.build_from_config({'input_shape': [[None, 3, 2], [None, 4, 2]]})
    assert layer.built and [w.name for w in layer.weights] == ['scale']
    assert layer.get_build_config() == {'input_shape': [[None, 3, 2], [None, 4, 2]]}

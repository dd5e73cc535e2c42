"""Keras 3 warns when a softmax runs over an axis of size 1 (its output is all ones): the
transformer tutorial's Translator meets it on its first step, MultiHeadAttention's weights over one
key step ('softmax over axis 3 of a tensor of shape (1, 2, 1, 1)'). keras.ops.softmax also takes a
tuple of axes (flattened into one row, as Keras's own code).

Golden texts and values printed by TF 2.21 (/opt/tfref) for the same calls
(/work/notes/progs/tftutorials10/probe_softmax1.py, probe_softmax2.py)."""
import warnings

import numpy as np
import pytest

import framework as tf
from framework import keras

TEXT = ('You are using a softmax over axis %s of a tensor of shape %s. This axis has size 1. The softmax '
        'operation will always return the value 1, which is likely not what you intended. Did you mean to use '
        'a sigmoid instead?')


def _warned(fn):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        fn()
    return [str(w.message) for w in caught if 'softmax over axis' in str(w.message)]


X = np.ones((2, 1), 'float32')
Q = np.ones((1, 1, 4), 'float32')
Q5 = np.ones((1, 1, 1, 4), 'float32')

CASES = [
    ('ops', lambda: keras.ops.softmax(X), [TEXT % (-1, '(2, 1)')]),
    ('ops_axis0', lambda: keras.ops.softmax(np.ones((1, 3), 'float32'), axis=0), [TEXT % (0, '(1, 3)')]),
    ('ops_tuple', lambda: keras.ops.softmax(np.ones((2, 1, 1), 'float32'), axis=(1, 2)), []),
    ('activation', lambda: keras.activations.softmax(tf.constant(X)), [TEXT % (-1, '(2, 1)')]),
    ('layer', lambda: keras.layers.Softmax()(X), [TEXT % (-1, '(2, 1)')]),
    ('layer_mask', lambda: keras.layers.Softmax()(X, mask=np.ones((2, 1), bool)), [TEXT % (-1, '(2, 1)')]),
    ('tf_nn', lambda: tf.nn.softmax(X), []),
    ('dense', lambda: keras.layers.Dense(1, activation='softmax')(X), [TEXT % (-1, '(2, 1)')]),
    ('symbolic', lambda: keras.layers.Dense(1, activation='softmax')(keras.Input((3,))), []),
    ('activation_layer', lambda: keras.layers.Activation('softmax')(X), [TEXT % (-1, '(2, 1)')]),
    ('mha_fused', lambda: keras.layers.MultiHeadAttention(2, 4)(Q, Q), []),
    ('mha_dropout', lambda: keras.layers.MultiHeadAttention(2, 4, dropout=0.1)(Q, Q), [TEXT % (3, '(1, 2, 1, 1)')]),
    ('mha_scores', lambda: keras.layers.MultiHeadAttention(2, 4)(Q, Q, return_attention_scores=True),
     [TEXT % (3, '(1, 2, 1, 1)')]),
    ('mha_two_axes', lambda: keras.layers.MultiHeadAttention(2, 4, attention_axes=(1, 2))(
        Q5, Q5, return_attention_scores=True), []),
    ('mha_axis2', lambda: keras.layers.MultiHeadAttention(2, 4, attention_axes=(2,))(
        Q5, Q5, return_attention_scores=True), [TEXT % (4, '(1, 1, 2, 1, 1)')]),
    ('attention', lambda: keras.layers.Attention()([Q, Q]), [TEXT % (-1, '(1, 1, 1)')]),
]


@pytest.mark.parametrize('name,fn,expected', CASES, ids=[c[0] for c in CASES])
def test_softmax_over_a_size_one_axis_warns_as_keras(name, fn, expected):
    assert _warned(fn) == expected


def test_a_fit_step_names_the_traced_shape_with_a_free_batch():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1, activation='softmax')])
    model.compile('adam', 'mse')
    texts = _warned(lambda: model.fit(np.ones((4, 3), 'float32'), np.ones((4, 1), 'float32'), verbose=0))
    assert set(texts) == {TEXT % (-1, '(None, 1)')}


@pytest.mark.usefixtures('onednn_on')
def test_ops_softmax_over_a_tuple_of_axes_flattens_them_as_keras():
    x = np.random.RandomState(0).normal(size=(2, 3, 4)).astype('float32')
    golden = {(1, 2): [0.15549850463867188, 0.039755214005708694, 0.07090362906455994, 0.2505044937133789,
                       0.17245595157146454],
              (0, 2): [0.22783136367797852, 0.05824805051088333, 0.1038857027888298, 0.367031067609787,
                       0.37289583683013916],
              (2, 1): [0.15549851953983307, 0.03975521773099899, 0.07090364396572113, 0.2505045235157013,
                       0.17245596647262573],
              None: [0.10483470559120178, 0.02680235542356968, 0.047802142798900604, 0.16888628900051117,
                     0.11626715213060379]}
    for axis, values in golden.items():
        y = keras.ops.softmax(x, axis=axis)
        assert y.shape == (2, 3, 4)
        assert np.asarray(y).ravel()[:5].tolist() == values
    assert np.asarray(keras.activations.softmax(tf.constant(x), axis=(1, 2))).ravel()[:3].tolist() == \
        golden[(1, 2)][:3]

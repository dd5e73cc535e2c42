"""A graph tensor passed as ``training`` to Dropout, the noise layers or BatchNormalization inside a
tf.function is refused as in TF 2.21 (Keras 3 tests ``if training and ...`` in plain Python, which
AutoGraph does not convert there); tapeflow ran the call on the tensor's value. Printed by TF 2.21
(notes/progs/seedvariants5/drop11.py, /tmp/sv5_dt3.py copied to notes/progs/seedvariants5/dt3_tf.py):

    @tf.function
    def fwd(x, training):
        return model(x, training=training)       # Dense(6, elu), Dropout(0.5), Dense(1)
    fwd(x, tf.constant(False))
    # OperatorNotAllowedInGraphError ... Exception encountered when calling Dropout.call().
    #     Using a symbolic `tf.Tensor` as a Python `bool` is not allowed. ...
    #     Arguments received by Dropout.call():
    #       • inputs=tf.Tensor(shape=(2, 6), dtype=float32)
    #       • training=tf.Tensor(shape=(), dtype=bool)
    fwd.experimental_get_tracing_count()        # 2 (after True and False; the failed trace not counted)
    cap(x)   # training=flag, an eager tf.constant(False) made outside: [-0.30727714 -0.30727714]
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.errors import OperatorNotAllowedInGraphError

_REFUSAL = 'Using a symbolic `tf.Tensor` as a Python `bool` is not allowed.'


def _model():
    keras.utils.set_random_seed(21)
    return keras.models.Sequential([keras.layers.Input((4,)), keras.layers.Dense(6, activation='elu'),
                                    keras.layers.Dropout(0.5), keras.layers.Dense(1)])


def test_a_tensor_training_argument_is_refused_by_dropout_in_a_trace():
    model = _model()
    x = np.ones((2, 4), 'float32')

    @tf.function
    def fwd(x, training):
        return model(x, training=training)

    assert np.allclose(fwd(x, True).numpy().ravel(), [0.792675, 0.792675])
    assert np.allclose(fwd(x, False).numpy().ravel(), [-0.30727714, -0.30727714])
    with pytest.raises(OperatorNotAllowedInGraphError) as caught:
        fwd(x, tf.constant(False))
    text = str(caught.value)
    assert 'Exception encountered when calling Dropout.call().' in text
    assert _REFUSAL in text
    assert text.splitlines()[-3:] == ['    Arguments received by Dropout.call():',
                                      '      • inputs=tf.Tensor(shape=(2, 6), dtype=float32)',
                                      '      • training=tf.Tensor(shape=(), dtype=bool)']
    assert fwd.experimental_get_tracing_count() == 2


def test_eager_and_captured_eager_flags_still_have_a_truth():
    model = _model()
    x = np.ones((2, 4), 'float32')
    flag = tf.constant(False)

    @tf.function
    def cap(x):
        return model(x, training=flag)

    assert np.allclose(cap(x).numpy().ravel(), [-0.30727714, -0.30727714])
    assert np.allclose(model(x, training=tf.constant(False)).numpy().ravel(), [-0.30727717, -0.30727717], atol=1e-7)

    @tf.function
    def inner(x):
        return model(x, training=tf.constant(False))     # a graph constant: refused as well

    with pytest.raises(OperatorNotAllowedInGraphError):
        inner(x)


@pytest.mark.parametrize('make', [lambda: keras.layers.GaussianNoise(0.1), lambda: keras.layers.GaussianDropout(0.1),
                                  lambda: keras.layers.AlphaDropout(0.1), lambda: keras.layers.SpatialDropout1D(0.1),
                                  lambda: keras.layers.BatchNormalization()])
def test_noise_layers_and_batch_normalization_refuse_it_too(make):
    layer = make()

    @tf.function
    def g(x, t):
        return layer(x, training=t)

    with pytest.raises(OperatorNotAllowedInGraphError) as caught:
        g(np.ones((2, 3, 4), 'float32'), tf.constant(True))
    name = type(layer).__name__
    assert 'Exception encountered when calling %s.call().' % name in str(caught.value)
    assert '    Arguments received by %s.call():' % name in str(caught.value).splitlines()


@pytest.mark.parametrize('make', [lambda: keras.layers.Attention(), lambda: keras.layers.AdditiveAttention(dropout=0.1)])
def test_attention_refuses_it_even_without_dropout(make):
    # TF 2.21: Keras's `if training and self.dropout > 0` tests the flag first (notes/progs/seedvariants5/att_tf.py)
    layer = make()
    q = np.ones((1, 2, 3), 'float32')

    @tf.function
    def f(t):
        return layer([q, q], training=t)

    assert f(False).shape == (1, 2, 3)
    with pytest.raises(OperatorNotAllowedInGraphError) as caught:
        f(tf.constant(True))
    assert str(caught.value).splitlines()[-6:] == [
        '    Arguments received by %s.call():' % type(layer).__name__,
        "      • inputs=['tf.Tensor(shape=(1, 2, 3), dtype=float32)', 'tf.Tensor(shape=(1, 2, 3), dtype=float32)']",
        '      • mask=None',
        '      • training=tf.Tensor(shape=(), dtype=bool)',
        '      • return_attention_scores=False',
        '      • use_causal_mask=False']


def test_spectral_normalization_refuses_it():
    # TF 2.21: "Exception encountered when calling SpectralNormalization.call()." (Keras's `if training:`;
    # notes/progs/seedvariants5/more_tf.py)
    layer = keras.layers.SpectralNormalization(keras.layers.Dense(2))
    x = np.ones((2, 3), 'float32')

    @tf.function
    def f(t):
        return layer(x, training=t)

    assert f(False).shape == (2, 2)
    with pytest.raises(OperatorNotAllowedInGraphError) as caught:
        f(tf.constant(True))
    assert 'Exception encountered when calling SpectralNormalization.call().' in str(caught.value)


@pytest.mark.parametrize('make, name', [(lambda: keras.layers.LSTM(2), 'LSTM'),
                                        (lambda: keras.layers.GRU(2, dropout=0.1), 'GRU')])
def test_recurrent_layers_refuse_it_even_without_dropout(make, name):
    # TF 2.21 (notes/progs/seedvariants5/rnn_tf.py): Keras's RNN tests `training` before it looks at the rates
    layer = make()
    x = np.ones((1, 3, 2), 'float32')

    @tf.function
    def f(t):
        return layer(x, training=t)

    assert f(False).shape == (1, 2)
    with pytest.raises(OperatorNotAllowedInGraphError) as caught:
        f(tf.constant(True))
    assert 'Exception encountered when calling %s.call().' % name in str(caught.value)
    assert str(caught.value).splitlines()[-5:] == ['    Arguments received by %s.call():' % name,
                                                   '      • sequences=tf.Tensor(shape=(1, 3, 2), dtype=float32)',
                                                   '      • initial_state=None', '      • mask=None',
                                                   '      • training=tf.Tensor(shape=(), dtype=bool)']


@pytest.mark.parametrize('make', [lambda: keras.layers.RandomRotation(0.1), lambda: keras.layers.RandomZoom(0.1),
                                  lambda: keras.layers.RandomContrast(0.1), lambda: keras.layers.RandomFlip()])
def test_image_augmentation_layers_refuse_it(make):
    # TF 2.21 (notes/progs/seedvariants5/aug_tf.py): Keras's image preprocessing base tests `if training:`
    layer = make()
    x = np.ones((1, 4, 4, 3), 'float32')

    @tf.function
    def f(t):
        return layer(x, training=t)

    assert f(False).shape == (1, 4, 4, 3)
    with pytest.raises(OperatorNotAllowedInGraphError) as caught:
        f(tf.constant(True))
    name = type(layer).__name__
    assert 'Exception encountered when calling %s.call().' % name in str(caught.value)
    assert str(caught.value).splitlines()[-1] == '      • training=tf.Tensor(shape=(), dtype=bool)'


@pytest.mark.parametrize('make', [lambda: keras.layers.RandomCrop(2, 2), lambda: keras.layers.RandomColorJitter(),
                                  lambda: keras.layers.MixUp(), lambda: keras.layers.CutMix()])
def test_image_layers_with_calls_of_their_own_refuse_it(make):
    # TF 2.21 (notes/progs/seedvariants5/aug_tf.py)
    layer = make()
    x = np.ones((1, 4, 4, 3), 'float32')

    @tf.function
    def f(t):
        return layer(x, training=t)

    f(False)
    with pytest.raises(OperatorNotAllowedInGraphError) as caught:
        f(tf.constant(True))
    assert 'Exception encountered when calling %s.call().' % type(layer).__name__ in str(caught.value)


def test_color_jitter_names_its_argument_data():
    layer = keras.layers.RandomColorJitter()

    @tf.function
    def f(t):
        return layer(np.ones((1, 4, 4, 3), 'float32'), training=t)

    with pytest.raises(OperatorNotAllowedInGraphError) as caught:
        f(tf.constant(True))
    assert str(caught.value).splitlines()[-2:] == ['      • data=tf.Tensor(shape=(1, 4, 4, 3), dtype=float32)',
                                                   '      • training=tf.Tensor(shape=(), dtype=bool)']

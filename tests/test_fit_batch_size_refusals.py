"""fit / evaluate / predict refuse a negative or non-integer batch_size, and class_weight beside
sample_weight, as TF 2.21.

Goldens: TF 2.21 + Keras 3.15 running /work/notes/progs/fithist/t_bs2.py, t_bs3.py and p17_class_weight.py. Keras's
array adapter reshapes the sample indices to (num_samples // batch_size, batch_size); TF's reshape names
the first size below -1 ('Invalid value in tensor used for shape: ...'), the same for the three entry
points. One sample with batch_size=-1 fails in TF's tf.data graph instead; tapeflow keeps its own
sentence there.
"""
import numpy as np
import pytest

from framework import keras


def compiled_model():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    model.compile('sgd', 'mse')
    return model


ENTRY_POINTS = {
    'fit': lambda m, x, y, bs: m.fit(x, y, batch_size=bs, verbose=0, shuffle=False),
    'evaluate': lambda m, x, y, bs: m.evaluate(x, y, batch_size=bs, verbose=0),
    'predict': lambda m, x, y, bs: m.predict(x, batch_size=bs, verbose=0),
}


@pytest.mark.parametrize('entry', sorted(ENTRY_POINTS))
@pytest.mark.parametrize('samples, batch_size, size', [
    (100, -1, -100), (100, -2, -50), (100, -3, -34), (100, -7, -15), (100, -50, -2), (100, -200, -200),
    (7, -1, -7), (7, -2, -4), (7, -3, -3), (7, -7, -7), (7, -8, -8), (1, -2, -2), (1, -50, -50)])
def test_a_negative_batch_size_fails_in_tensorflows_reshape_words(entry, samples, batch_size, size):
    x, y = np.ones((samples, 3), 'float32'), np.ones((samples, 2), 'float32')
    with pytest.raises(ValueError) as info:
        ENTRY_POINTS[entry](compiled_model(), x, y, batch_size)
    assert str(info.value) == 'Invalid value in tensor used for shape: %d' % size


@pytest.mark.parametrize('entry', sorted(ENTRY_POINTS))
@pytest.mark.parametrize('batch_size, message', [
    (2.5, "Expected int32 passed to parameter 'size' of op 'Slice', got [100.0] of type 'list' instead. "
          "Error: Expected int32, but got 100.0 of type 'float'."),
    (3.5, "Expected int32 passed to parameter 'size' of op 'Slice', got [98.0] of type 'list' instead. "
          "Error: Expected int32, but got 98.0 of type 'float'."),
    (200.0, "Expected int32 passed to parameter 'size' of op 'Slice', got [0.0] of type 'list' instead. "
            "Error: Expected int32, but got 0.0 of type 'float'."),
    (np.float32(2.5), "Expected int32 passed to parameter 'size' of op 'Slice', got [np.float32(100.0)] of type "
                      "'list' instead. Error: Expected int32, but got 100.0 of type 'float32'."),
    ('4', "unsupported operand type(s) for /: 'int' and 'str'"),
    ([4], "unsupported operand type(s) for /: 'int' and 'list'"),
    (1j, 'must be real number, not complex')])
def test_a_batch_size_of_another_type_fails_as_in_tensorflow(entry, batch_size, message):
    x, y = np.ones((100, 3), 'float32'), np.ones((100, 2), 'float32')
    with pytest.raises(TypeError) as info:
        ENTRY_POINTS[entry](compiled_model(), x, y, batch_size)
    assert str(info.value) == message
    assert type(info.value).__name__ == 'TypeError'


def test_class_weight_beside_sample_weight_is_refused_in_keras_words():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(3, activation='softmax')])
    model.compile('sgd', 'sparse_categorical_crossentropy')
    with pytest.raises(ValueError) as info:
        model.fit(np.ones((30, 3), 'float32'), np.arange(30) % 3, class_weight={0: 1., 1: 2., 2: 3.},
                  sample_weight=np.ones(30), verbose=0)
    assert str(info.value) == 'You cannot `class_weight` and `sample_weight` at the same time.'

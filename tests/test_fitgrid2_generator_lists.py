"""A Python generator whose batches hold a list ((x, [y1, y2]), ([xa, xb], y)) is refused as
TensorFlow 2.21 / Keras 3.15 refuse it: tf.data takes a list as one value, not a structure, so
building the pipeline fails before training starts. A tuple in the same place runs."""
import numpy as np
import pytest

from framework import keras

TEXT = ("`output_signature` must contain objects that are subclass of `tf.TypeSpec` "
        "but found <class 'list'> which is not.")


class Hooks(keras.callbacks.Callback):
    def __init__(self):
        super().__init__()
        self.seen = []

    def on_train_begin(self, logs=None):
        self.seen.append('train_begin')

    def on_test_begin(self, logs=None):
        self.seen.append('test_begin')

    def on_predict_begin(self, logs=None):
        self.seen.append('predict_begin')


def forever(batch):
    while True:
        yield batch


def two_outputs():
    keras.backend.clear_session()
    keras.utils.set_random_seed(0)
    i = keras.Input((4,))
    m = keras.Model(i, [keras.layers.Dense(1)(i), keras.layers.Dense(2)(i)])
    m.compile('sgd', ['mse', 'mse'])
    return m


def two_inputs():
    keras.utils.set_random_seed(0)
    a, b = keras.Input((2,)), keras.Input((2,))
    m = keras.Model([a, b], keras.layers.Dense(1)(keras.layers.Concatenate()([a, b])))
    m.compile('sgd', 'mse')
    return m


X = np.random.RandomState(1).rand(8, 4).astype('float32')
Y1, Y2 = X[:, :1] * 2, X[:, 1:3]


@pytest.mark.parametrize('make, batch, method', [
    (two_outputs, (X, [Y1, Y2]), 'fit'),
    (two_outputs, (X, [Y1, Y2]), 'evaluate'),
    (two_outputs, (X, {'a': [Y1, Y2]}), 'fit'),
    (two_inputs, ([X[:, :2], X[:, 2:]], Y1), 'fit'),
    (two_inputs, ([X[:, :2], X[:, 2:]],), 'predict'),
])
def test_list_in_generator_batch_refused_before_callbacks(make, batch, method):
    model, hooks = make(), Hooks()
    kwargs = {'steps_per_epoch': 2} if method == 'fit' else {'steps': 2}
    with pytest.raises(TypeError) as info:
        getattr(model, method)(forever(batch), verbose=0, callbacks=[hooks], **kwargs)
    assert str(info.value) == TEXT
    assert hooks.seen == []


def test_tuple_in_generator_batch_trains_as_tf():
    h = two_outputs().fit(forever((X, (Y1, Y2))), steps_per_epoch=2, epochs=1, verbose=0)
    # TF 2.21: {'dense_1_loss': [0.9278479814529419], 'dense_loss': [2.117459297180176], 'loss': [3.045307159423828]}
    assert sorted(h.history) == ['dense_1_loss', 'dense_loss', 'loss']
    np.testing.assert_allclose(h.history['loss'], [3.045307159423828], rtol=1e-5)
    np.testing.assert_allclose(h.history['dense_1_loss'], [0.9278479814529419], rtol=1e-5)


class ListTargets(keras.utils.PyDataset):
    def __len__(self):
        return 2

    def __getitem__(self, i):
        return X[i * 4:(i + 1) * 4], [Y1[i * 4:(i + 1) * 4], Y2[i * 4:(i + 1) * 4]]


def test_list_in_py_dataset_batch_refused_before_callbacks():
    model, hooks = two_outputs(), Hooks()
    with pytest.raises(TypeError) as info:
        model.fit(ListTargets(), epochs=1, verbose=0, callbacks=[hooks])
    assert str(info.value) == TEXT
    assert hooks.seen == []


@pytest.mark.parametrize('method', ['fit', 'evaluate'])
def test_py_dataset_first_batches_read_before_callbacks(method):
    # TF 2.21 (shuffle=False): get 0, get 1, then train_begin / test_begin, then get 0, get 1
    events = []

    class Counted(keras.utils.PyDataset):
        def __len__(self):
            return 2

        def __getitem__(self, i):
            events.append('get %d' % i)
            return X[i * 4:(i + 1) * 4], Y1[i * 4:(i + 1) * 4]

    class Hook(keras.callbacks.Callback):
        def on_train_begin(self, logs=None):
            events.append('begin')

        def on_test_begin(self, logs=None):
            events.append('begin')

    keras.utils.set_random_seed(0)
    m = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
    m.compile('sgd', 'mse')
    kwargs = {'epochs': 1, 'shuffle': False} if method == 'fit' else {}
    getattr(m, method)(Counted(), verbose=0, callbacks=[Hook()], **kwargs)
    assert events == ['get 0', 'get 1', 'begin', 'get 0', 'get 1']

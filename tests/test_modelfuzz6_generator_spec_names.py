"""fit / evaluate / predict on a Python generator or a PyDataset use up keras_tensor_N names as Keras 3 does.

Keras 3 builds such an input's tf.data signature as KerasTensors, one per leaf of the first batch, once
per data adapter (data_adapter_utils.get_keras_tensor_spec), so the KerasTensors a program makes after
fit(generator) are numbered further on. Counts printed by TF 2.21, with ``keras.Input((1,)).name``
after each call (/work/notes/progs/modelfuzz6/p26.py, p27.py): after fit(x, y) 'keras_tensor_5',
after a further fit(generator of (x, y)) 'keras_tensor_8' (one for the Input, two for the signature).
"""
import numpy as np

from framework import keras

X = np.random.RandomState(0).randn(26, 3).astype('float32')
Y = (X[:, :1] > 0).astype('float32')


def _gen(kind='xy'):
    for i in range(0, 26, 5):
        if kind == 'x':
            yield (X[i:i + 5],)
        elif kind == 'xyw':
            yield X[i:i + 5], Y[i:i + 5], np.ones(len(X[i:i + 5]), 'float32')
        else:
            yield X[i:i + 5], Y[i:i + 5]


class _Batches(keras.utils.PyDataset):
    def __init__(self, kind='xy', count=4):
        super().__init__()
        self.kind, self.count = kind, count

    def __len__(self):
        return self.count

    def __getitem__(self, i):
        x, y = X[i * 7:(i + 1) * 7], Y[i * 7:(i + 1) * 7]
        return x if self.kind == 'x' else (x, y)


def _model():
    keras.backend.clear_session()
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1, activation='sigmoid')])
    model.compile('sgd', 'binary_crossentropy')
    return model


def _names_used(call):
    """How many keras_tensor names ``call`` used up (a probe Input takes one before and one after)."""
    before = int(keras.Input((1,)).name.rpartition('_')[2])
    call()
    after = int(keras.Input((1,)).name.rpartition('_')[2])
    return after - before - 1


def test_arrays_take_no_names():
    model = _model()
    assert _names_used(lambda: model.fit(X, Y, verbose=0)) == 0


def test_generators_take_one_name_per_leaf_of_a_batch():
    model = _model()
    assert _names_used(lambda: model.fit(_gen(), verbose=0)) == 2
    assert _names_used(lambda: model.fit(_gen('xyw'), verbose=0)) == 3
    assert _names_used(lambda: model.evaluate(_gen(), verbose=0)) == 2
    assert _names_used(lambda: model.predict(_gen('x'), verbose=0)) == 1
    # validation data is one more adapter; a fit of two epochs makes each signature once
    assert _names_used(lambda: model.fit(_gen(), epochs=2, validation_data=_gen(), verbose=0)) == 4
    # a validation that never runs reads no signature
    assert _names_used(lambda: model.fit(_gen(), epochs=2, validation_data=_gen(), validation_freq=3, verbose=0)) == 2


def test_py_datasets_take_names_too_with_class_weight_as_a_leaf():
    model = _model()
    assert _names_used(lambda: model.fit(_Batches(), verbose=0)) == 2
    assert _names_used(lambda: model.fit(_Batches(), class_weight={0: 1., 1: 2.}, verbose=0)) == 3
    assert _names_used(lambda: model.predict(_Batches('x'), verbose=0)) == 1
    assert _names_used(lambda: model.fit(_Batches(count=1), verbose=0)) == 2


def test_model_tensors_after_fit_on_a_generator_read_tf_names():
    model = _model()
    model.fit(_gen(), verbose=0)
    # TF 2.21: keras_tensor (Input), keras_tensor_1 (Dense), then 2 + 2 for the probe and the signature
    assert keras.Input((2,)).name == 'keras_tensor_4'

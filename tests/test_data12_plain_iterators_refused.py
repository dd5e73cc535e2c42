"""fit / evaluate / predict refuse iterators that are no generator, as Keras 3's get_data_adapter does;
the on-batch methods refuse a Dataset as TF 2.21's traced step does.

TF 2.21 printed (/work/notes/progs/data12/p18.py, p19.py): fit(iter(batches)) 'Unrecognized data type:
x=<list_iterator object at 0x...> (of type <class 'list_iterator'>)', likewise a map object, itertools.cycle, a class
with __next__, and tf.data's iterators named by TensorFlow's classes ('x=<tensorflow.python.data.ops.iterator_ops.
OwnedIterator object at 0x...> (of type <class 'tensorflow.python.data.ops.iterator_ops.OwnedIterator'>)'); a
generator trains ({'loss': [0.24443], 'mae': [0.458899]}). tapeflow trained on all of them.
"""
import itertools
import re

import numpy as np
import pytest

import framework as tf
from framework import keras


def _data():
    rng = np.random.RandomState(0)
    x = rng.rand(10, 3).astype('float32')
    y = rng.rand(10, 1).astype('float32')
    return x, y


def _model():
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, activation='elu'), keras.layers.Dense(1)])
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss='mse', metrics=['mae'])
    return model


def _batches():
    x, y = _data()
    return [(x[:4], y[:4]), (x[4:8], y[4:8])]


class _Batches:
    def __init__(self):
        self.left = _batches()

    def __iter__(self):
        return self

    def __next__(self):
        if not self.left:
            raise StopIteration
        return self.left.pop(0)


@pytest.mark.parametrize('make, shown', [
    (lambda: iter(_batches()), "<list_iterator object at 0x...> (of type <class 'list_iterator'>)"),
    (lambda: map(lambda b: b, _batches()), "<map object at 0x...> (of type <class 'map'>)"),
    (lambda: itertools.cycle(_batches()), "<itertools.cycle object at 0x...> (of type <class 'itertools.cycle'>)"),
    (_Batches, "<%s._Batches object at 0x...> (of type <class '%s._Batches'>)" % (__name__, __name__)),
])
def test_python_iterators_are_unrecognized(make, shown):
    with pytest.raises(ValueError) as raised:
        _model().fit(make(), epochs=1, steps_per_epoch=2, verbose=0)
    assert re.sub('0x[0-9a-f]+', '0x...', str(raised.value)) == 'Unrecognized data type: x=' + shown


def test_tf_data_iterators_are_named_by_tensorflows_classes():
    x, y = _data()
    dataset = tf.data.Dataset.from_tensor_slices((x, y)).batch(4)
    owned = "tensorflow.python.data.ops.iterator_ops.OwnedIterator"
    for run in (lambda m: m.fit(iter(dataset), epochs=1, verbose=0), lambda m: m.evaluate(iter(dataset), verbose=0),
                lambda m: m.predict(iter(dataset), verbose=0)):
        with pytest.raises(ValueError) as raised:
            run(_model())
        assert re.sub('0x[0-9a-f]+', '0x...', str(raised.value)) == (
            "Unrecognized data type: x=<%s object at 0x...> (of type <class '%s'>)" % (owned, owned))
    with pytest.raises(ValueError) as raised:
        _model().fit(dataset.as_numpy_iterator(), epochs=1, verbose=0)
    assert re.sub('0x[0-9a-f]+', '0x...', str(raised.value)) == (
        "Unrecognized data type: x=NumpyIterator(iterator=<%s object at 0x...>) (of type "
        "<class 'tensorflow.python.data.ops.dataset_ops.NumpyIterator'>)" % owned)


def test_generators_still_train():
    history = _model().fit((b for b in _batches()), epochs=1, verbose=0)
    assert {k: [round(float(v), 6) for v in vs] for k, vs in history.history.items()} == {
        'loss': [0.24443], 'mae': [0.458899]}


def test_validation_iterator_fails_after_the_first_epoch_trained():
    # TF 2.21 (p20.py): on_train_begin runs, epoch 0 trains (the first kernel row becomes
    # [-0.50634, 0.75597, 0.98666]), then the validation's 'Unrecognized data type', before on_epoch_end
    x, y = _data()
    seen = []

    class Seen(keras.callbacks.Callback):
        def on_epoch_end(self, epoch, logs=None):
            seen.append(epoch)
    model = _model()
    with pytest.raises(ValueError, match=r"^Unrecognized data type: x=<list_iterator object at 0x"):
        model.fit(tf.data.Dataset.from_tensor_slices((x, y)).batch(4), epochs=2, verbose=0,
                  validation_data=iter([(x, y)]), callbacks=[Seen()])
    assert seen == []
    assert np.allclose(model.get_weights()[0].ravel()[:3], [-0.50634, 0.75597, 0.98666], atol=1e-5)


@pytest.mark.parametrize('run', [
    lambda m, ds: m.train_on_batch(ds),
    lambda m, ds: m.train_on_batch(ds, _data()[1]),
    lambda m, ds: m.test_on_batch(ds),
    lambda m, ds: m.predict_on_batch(ds),
])
def test_on_batch_methods_refuse_a_dataset_as_tfs_traced_step_does(run):
    # TF 2.21 (p21.py): the step gets the dataset as a _VariantDataset, which the model's call refuses
    x, y = _data()
    dataset = tf.data.Dataset.from_tensor_slices((x, y)).batch(4)
    with pytest.raises(ValueError) as raised:
        run(_model(), dataset)
    assert str(raised.value) == (
        'Only input tensors may be passed as positional arguments. The following argument value should be passed '
        'as a keyword argument: <_VariantDataset element_spec=(TensorSpec(shape=(None, 3), dtype=tf.float32, '
        'name=None), TensorSpec(shape=(None, 1), dtype=tf.float32, name=None))> (of type '
        "<class 'tensorflow.python.data.ops.dataset_ops._VariantDataset'>)")

"""steps_per_epoch / steps past the data: which batch hooks Keras 3.15 calls and where it warns.

Golden sequences measured with TF 2.21 + Keras 3.15 (/opt/tfref) running the same programs
(/work/notes/progs/fitsteps27/hooks.py, pyds.py; tapeflow's ported copies print the same lines):
40 samples in batches of 16 are 3 batches; Keras's epoch iterator stops before a step past a
known count, so no on_*_batch_begin is called for it, and warns "Your input ran out of data"
once per such epoch. A dataset of unknown length begins the step that finds no batch.
"""
import warnings

import numpy as np

import framework as tf
from framework import keras

RAN_OUT = ('Your input ran out of data; interrupting training. Make sure that your dataset or generator can '
           'generate at least `steps_per_epoch * epochs` batches. You may need to use the `.repeat()` '
           'function when building your dataset.')


class Hooks(keras.callbacks.Callback):
    def __init__(self):
        super().__init__()
        self.seen = []

    def on_epoch_end(self, epoch, logs=None):
        self.seen.append(('epoch_end', epoch, sorted(logs)))

    def on_train_batch_begin(self, batch, logs=None):
        self.seen.append(('begin', batch, logs))

    def on_train_batch_end(self, batch, logs=None):
        self.seen.append(('end', batch, sorted(logs)))

    def on_test_batch_begin(self, batch, logs=None):
        self.seen.append(('test begin', batch))

    def on_predict_batch_begin(self, batch, logs=None):
        self.seen.append(('pred begin', batch))


def _model():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse', metrics=['mae'])
    return model


def _data():
    x, y = np.ones((40, 3), 'float32'), np.ones((40, 1), 'float32')
    return x, y, tf.data.Dataset.from_tensor_slices((x, y)).batch(16)


def _run(call):
    hooks = Hooks()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        call(hooks)
    ran_out = [w for w in caught if str(w.message) == RAN_OUT]
    assert all(w.category is UserWarning for w in ran_out)
    return hooks.seen, ran_out


def _train_epoch(steps, epoch, val_steps=0):
    seen = []
    for step in range(steps):
        seen += [('begin', step, {}), ('end', step, ['loss', 'mae'])]
    seen += [('test begin', step) for step in range(val_steps)]
    keys = ['loss', 'mae'] + (['val_loss', 'val_mae'] if val_steps else [])
    return seen + [('epoch_end', epoch, keys)]


def test_arrays_past_their_batches_begin_no_missing_step():
    x, y, ds = _data()
    seen, ran_out = _run(lambda h: _model().fit(x, y, batch_size=16, steps_per_epoch=4, epochs=3, verbose=0,
                                                callbacks=[h], validation_data=(x[:20], y[:20])))
    assert seen == _train_epoch(3, 0, 2) + _train_epoch(3, 1, 2) + _train_epoch(3, 2, 2)
    assert len(ran_out) == 3


def test_known_dataset_past_its_batches_begin_no_missing_step():
    x, y, ds = _data()
    seen, ran_out = _run(lambda h: _model().fit(ds, steps_per_epoch=7, epochs=2, verbose=0, callbacks=[h],
                                                validation_data=ds))
    assert seen == _train_epoch(3, 0, 3) + _train_epoch(3, 1, 3)
    assert len(ran_out) == 2


def test_known_dataset_read_on_across_epochs_stops_at_its_count():
    """steps_per_epoch=2 of 3 batches: the second epoch has one batch left, begins one step."""
    x, y, ds = _data()
    seen, ran_out = _run(lambda h: _model().fit(ds, steps_per_epoch=2, epochs=3, verbose=0, callbacks=[h]))
    assert seen == _train_epoch(2, 0) + _train_epoch(1, 1) + _train_epoch(2, 2)
    assert len(ran_out) == 1


def test_unknown_length_dataset_begins_the_step_without_a_batch():
    x, y, ds = _data()
    seen, ran_out = _run(lambda h: _model().fit(ds.filter(lambda a, b: True), steps_per_epoch=4, epochs=2,
                                                verbose=0, callbacks=[h]))
    one = [('begin', 0, {}), ('end', 0, ['loss', 'mae']), ('begin', 1, {}), ('end', 1, ['loss', 'mae']),
           ('begin', 2, {}), ('end', 2, ['loss', 'mae']), ('begin', 3, {})]
    assert seen == one + [('epoch_end', 0, ['loss', 'mae'])] + one + [('epoch_end', 1, ['loss', 'mae'])]
    assert len(ran_out) == 2


def test_evaluate_and_predict_steps_past_the_data():
    x, y, ds = _data()
    for data in ((x, y), (ds,)):
        kwargs = {'batch_size': 16} if len(data) == 2 else {}
        seen, ran_out = _run(lambda h: _model().evaluate(*data, steps=5, verbose=0, callbacks=[h], **kwargs))
        assert seen == [('test begin', 0), ('test begin', 1), ('test begin', 2)]
        assert len(ran_out) == 1
        seen, ran_out = _run(lambda h: _model().predict(data[0], steps=5, verbose=0, callbacks=[h], **kwargs))
        assert seen == [('pred begin', 0), ('pred begin', 1), ('pred begin', 2)]
        assert len(ran_out) == 1


def test_py_dataset_past_its_length_begins_no_missing_step():
    class Three(keras.utils.PyDataset):
        def __len__(self):
            return 3

        def __getitem__(self, index):
            return np.ones((16, 3), 'float32'), np.ones((16, 1), 'float32')

    seen, _ = _run(lambda h: _model().fit(Three(), steps_per_epoch=4, epochs=2, verbose=0, callbacks=[h]))
    assert seen == _train_epoch(3, 0) + _train_epoch(3, 1)
    seen, _ = _run(lambda h: _model().fit(Three(), steps_per_epoch=2, epochs=3, verbose=0, callbacks=[h]))
    assert seen == _train_epoch(2, 0) + _train_epoch(1, 1) + _train_epoch(2, 2)


def test_ran_out_warns_from_one_line_per_kind():
    """Keras warns from epoch_iterator.py:116 when a known count stops the epoch (arrays, a known
    dataset) and from :164 when a begun step finds no batch: under Python's default filter TF
    prints the first two of these three runs' warnings once, the third's once more."""
    x, y, ds = _data()
    places = []
    for fit_data in ((x, y), (ds,), (ds.filter(lambda a, b: True),)):
        kwargs = {'batch_size': 16} if len(fit_data) == 2 else {}
        _, ran_out = _run(lambda h: _model().fit(*fit_data, steps_per_epoch=4, verbose=0, **kwargs))
        places.append({(w.filename, w.lineno) for w in ran_out})
    assert len(places[0]) == 1 and places[0] == places[1]
    assert len(places[2]) == 1 and places[2] != places[0]

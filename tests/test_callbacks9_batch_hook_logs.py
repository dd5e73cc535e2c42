"""A CallbackList called by hand (a custom training loop's callbacks.on_train_batch_end(step, logs), logs
a dict of metric tensors) hands each callback Keras 3's pythonified copy: keys sorted, nested dicts
flattened, scalars as Python floats, other arrays as numpy arrays, strings as they are; what a callback
writes there reaches the next callback but not the caller's dict. tapeflow passed the caller's dict of
tensors through. CallbackList.on_batch_begin / on_batch_end call each callback's on_batch_* alone (tapeflow
called on_train_batch_*). Values printed by TF 2.21 (progs/callbacks9/p7.py, p8.py, p9.py)."""
import numpy as np

import framework as tf
from framework import keras


class Seen(keras.callbacks.Callback):
    def __init__(self, writes=None):
        super().__init__()
        self.writes = writes
        self.seen = []

    def _keep(self, hook, batch, logs):
        self.seen.append((hook, batch, dict(logs)))
        if self.writes:
            logs[self.writes] = 2.0

    def on_train_batch_begin(self, batch, logs=None):
        self._keep('train_begin', batch, logs)

    def on_train_batch_end(self, batch, logs=None):
        self._keep('train_end', batch, logs)

    def on_test_batch_end(self, batch, logs=None):
        self._keep('test_end', batch, logs)

    def on_predict_batch_end(self, batch, logs=None):
        self._keep('predict_end', batch, logs)


def _logs_of_tensors():
    return {'mae': tf.constant(0.25), 'loss': np.float32(1.5), 'acc': np.float64(0.125),
            'nested': {'z': tf.constant(2.0, 'float64'), 'b': 3},
            'vec': np.array([1.0, 2.0], 'float32'), 'name': 'abc'}


def test_train_batch_end_gets_sorted_flat_python_floats():
    first = Seen()
    keras.callbacks.CallbackList([first]).on_train_batch_end(0, _logs_of_tensors())
    (hook, batch, logs), = first.seen
    # TF 2.21: {'acc': 0.125, 'loss': 1.5, 'mae': 0.25, 'name': 'abc', 'b': 3.0, 'z': 2.0,
    #           'vec': array([1., 2.], dtype=float32)}, types float float float str float float ndarray
    assert (hook, batch) == ('train_end', 0)
    assert list(logs) == ['acc', 'loss', 'mae', 'name', 'b', 'z', 'vec']
    assert [type(v).__name__ for v in logs.values()] == ['float', 'float', 'float', 'str', 'float', 'float',
                                                         'ndarray']
    assert [logs[k] for k in ('acc', 'loss', 'mae', 'name', 'b', 'z')] == [0.125, 1.5, 0.25, 'abc', 3.0, 2.0]
    assert logs['vec'].dtype == np.float32 and logs['vec'].tolist() == [1.0, 2.0]


def test_callbacks_share_the_copy_and_the_callers_dict_stays_as_given():
    writer, reader = Seen(writes='added'), Seen()
    given = _logs_of_tensors()
    keras.callbacks.CallbackList([writer, reader]).on_train_batch_end(0, given)
    # TF 2.21: the second callback sees 'added' last; the caller's keys stay
    # ['acc', 'loss', 'mae', 'name', 'nested', 'vec'], its values the tensors it built
    assert list(reader.seen[0][2]) == ['acc', 'loss', 'mae', 'name', 'b', 'z', 'vec', 'added']
    assert sorted(given) == ['acc', 'loss', 'mae', 'name', 'nested', 'vec']
    assert isinstance(given['mae'], tf.Tensor)


def test_begin_test_and_predict_hooks_and_empty_logs():
    seen, other = Seen(writes='added'), Seen()
    callbacks = keras.callbacks.CallbackList([seen, other])
    begin = {'x': tf.constant(1.0)}
    callbacks.on_train_batch_begin(0, begin)
    callbacks.on_test_batch_end(3, {'loss': tf.constant([0.5])})
    callbacks.on_predict_batch_end(1, {'outputs': tf.constant([[1.0], [2.0]])})
    callbacks.on_predict_batch_end(2, {'outputs': tf.constant([[4.0]])})
    callbacks.on_train_batch_end(1, None)
    callbacks.on_train_batch_end(2, {})
    # TF 2.21: tbb 0 {'x': 1.0} (the caller's dict keeps its tensor, no 'added');
    # ttbe 3 {'loss': array([0.5], dtype=float32)}; pbe outputs ndarray (2, 1), then (1, 1)
    # (a one-value array stays an array); tbe 1 {}, tbe 2 {} and the next callback {'added': 2.0}
    hook, batch, logs = seen.seen[0]
    assert (hook, batch, logs) == ('train_begin', 0, {'x': 1.0}) and type(logs['x']) is float
    assert list(begin) == ['x'] and isinstance(begin['x'], tf.Tensor)
    hook, batch, logs = seen.seen[1]
    assert (hook, batch, list(logs)) == ('test_end', 3, ['loss'])
    assert type(logs['loss']) is np.ndarray and logs['loss'].tolist() == [0.5]
    outputs = [logs['outputs'] for hook, batch, logs in seen.seen[2:4]]
    assert [type(o).__name__ for o in outputs] == ['ndarray', 'ndarray']
    assert [o.shape for o in outputs] == [(2, 1), (1, 1)]
    assert [logs for hook, batch, logs in seen.seen[4:]] == [{}, {}]
    assert [logs for hook, batch, logs in other.seen[4:]] == [{'added': 2.0}, {'added': 2.0}]


class TrainBatchHooks(keras.callbacks.Callback):
    def __init__(self, seen):
        super().__init__()
        self.seen = seen

    def on_train_batch_begin(self, batch, logs=None):
        self.seen.append(('TB tbb', batch, logs))

    def on_train_batch_end(self, batch, logs=None):
        self.seen.append(('TB tbe', batch, logs))


class BatchHooks(keras.callbacks.Callback):
    def __init__(self, seen):
        super().__init__()
        self.seen = seen

    def on_batch_begin(self, batch, logs=None):
        self.seen.append(('OB obb', batch, logs))

    def on_batch_end(self, batch, logs=None):
        self.seen.append(('OB obe', batch, logs))


def test_on_batch_hooks_call_each_callbacks_on_batch_hooks_only():
    # TF 2.21 (progs/callbacks9/p8.py): CallbackList.on_batch_begin / on_batch_end call each callback's
    # on_batch_begin / on_batch_end, so a callback with only on_train_batch_* sees nothing there; the
    # on_train_batch_* hooks reach both (Callback.on_train_batch_* falls back on on_batch_*)
    seen = []
    callbacks = keras.callbacks.CallbackList([TrainBatchHooks(seen), BatchHooks(seen)])
    callbacks.on_batch_begin(0, {'a': tf.constant(1.0)})
    callbacks.on_batch_end(0, {'a': tf.constant(1.0)})
    assert seen == [('OB obb', 0, {'a': 1.0}), ('OB obe', 0, {'a': 1.0})]
    seen.clear()
    callbacks.on_train_batch_begin(1)
    callbacks.on_train_batch_end(1, {'a': 2})
    callbacks.on_test_batch_begin(2)
    callbacks.on_test_batch_end(2, {'a': 2})
    assert seen == [('TB tbb', 1, {}), ('OB obb', 1, {}), ('TB tbe', 1, {'a': 2.0}), ('OB obe', 1, {'a': 2.0})]


def test_lambda_callback_on_batch_end_is_called_by_on_batch_end():
    # LambdaCallback(on_batch_end=...) sets the hook on the instance (Keras 3's **kwargs);
    # TF 2.21 (progs/callbacks9/p9.py): [(4, {'loss': 0.5})]
    seen = []
    callback = keras.callbacks.LambdaCallback(on_batch_end=lambda batch, logs: seen.append((batch, logs)))
    keras.callbacks.CallbackList([callback]).on_batch_end(4, {'loss': np.float32(0.5)})
    assert seen == [(4, {'loss': 0.5})]


class SetsBatchHookLate(keras.callbacks.Callback):
    def __init__(self, begin_hook, batch_hook):
        super().__init__()
        self.begin_hook, self.batch_hook, self.batches = begin_hook, batch_hook, []

    def _set(self):
        setattr(self, self.batch_hook, lambda batch, logs=None: self.batches.append(batch))

    def on_train_begin(self, logs=None):
        if self.begin_hook == 'on_train_begin':
            self._set()

    def on_epoch_begin(self, epoch, logs=None):
        if self.begin_hook == 'on_epoch_begin' and epoch == 1:
            self._set()

    def on_test_begin(self, logs=None):
        if self.begin_hook == 'on_test_begin':
            self._set()

    def on_predict_begin(self, logs=None):
        if self.begin_hook == 'on_predict_begin':
            self._set()


def _fitted_model():
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    return model


def test_a_batch_hook_set_in_a_begin_hook_is_called():
    # TF 2.21 (progs/callbacks9/p11.py; p12.py for all four): a callback setting self.on_train_batch_end
    # in on_train_begin has it called for batches 0 and 1 (12 samples, batch_size 6); tapeflow looked for
    # batch hooks only when fit built its CallbackList, and called none
    x = np.arange(24, dtype='float32').reshape(12, 2) / 10
    y = np.zeros((12, 1), 'float32')
    late = SetsBatchHookLate('on_train_begin', 'on_train_batch_end')
    _fitted_model().fit(x, y, batch_size=6, epochs=1, verbose=0, callbacks=[late])
    assert late.batches == [0, 1]
    late = SetsBatchHookLate('on_epoch_begin', 'on_train_batch_begin')
    _fitted_model().fit(x, y, batch_size=6, epochs=2, verbose=0, callbacks=[late])
    assert late.batches == [0, 1]
    late = SetsBatchHookLate('on_test_begin', 'on_test_batch_end')
    _fitted_model().evaluate(x, y, batch_size=4, verbose=0, callbacks=[late])
    assert late.batches == [0, 1, 2]
    late = SetsBatchHookLate('on_predict_begin', 'on_predict_batch_end')
    _fitted_model().predict(x, batch_size=5, verbose=0, callbacks=[late])
    assert late.batches == [0, 1, 2]

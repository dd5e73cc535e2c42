"""fit(class_weight=...) on a tf.data.Dataset with steps_per_execution > 1, a label past the class_weight table:
Keras 3 calls on_train_batch_begin before its multi-step function reads the group's batches, so TF 2.21 begins
the group whose first batch fails before the pipeline's error (tapeflow read the group's first batch before the
hook, and raised with no 'batch_begin'), and run eagerly its loop reads each batch as an Optional:
IteratorGetNextAsOptional's eager words (tapeflow gave IteratorGetNext's, with output types); the calls that ran
before the failing one count for TF's retracing warning (tapeflow counted none of the pass's calls). Texts and
callback orders printed by TF 2.21 + Keras 3 (/work/notes/progs/modelfuzz23/i4.py, i5.py), the dataset's and
the graph's uids left out (layers/training/class_weight_map_errors.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _fit(bad_batch, **compile_args):
    """fit on 10 batches of 4 rows, all labels 0 but the second row of ``bad_batch`` (class 2, past the table)."""
    x = np.random.RandomState(4).normal(size=(40, 5)).astype('float32')
    labels = np.zeros(40, 'int64')
    labels[bad_batch * 4 + 1] = 2
    keras.utils.set_random_seed(4)
    model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(3, activation='softmax')])
    model.compile('sgd', 'sparse_categorical_crossentropy', **compile_args)
    seen = []

    class Record(keras.callbacks.Callback):
        def on_train_batch_begin(self, batch, logs=None):
            seen.append(('begin', batch))

        def on_train_batch_end(self, batch, logs=None):
            seen.append(('end', batch))

    data = tf.data.Dataset.from_tensor_slices((x, labels)).batch(4)
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        model.fit(data, class_weight={0: 1.0, 1: 2.0}, epochs=1, verbose=0, shuffle=False, callbacks=[Record()])
    return str(caught.value), seen


_FAILURE = ('Error in user-defined function passed to MapDataset transformation with iterator: '
            'Iterator::Root::Prefetch::ParallelMapV2: indices[1] = 2 is not in [0, 2)\n\t [[{{node GatherV2}}]]')
_TRACED = ('Graph execution error:\n\nDetected at node GatherV2 defined at (most recent call last):\n'
           '<stack traces unavailable>\n' + _FAILURE +
           '\n\t [[IteratorGetNextAsOptional]] [Op:__inference_multi_step_on_iterator]')


@pytest.mark.parametrize('every, bad_batch, seen', [
    # TF 2.21: batch_begin 0, then the error (tapeflow: no batch_begin)
    (2, 0, [('begin', 0)]),
    (3, 0, [('begin', 0)]),
    (2, 2, [('begin', 0), ('end', 1), ('begin', 2)]),
    (3, 3, [('begin', 0), ('end', 2), ('begin', 3)]),
])
def test_the_group_begins_before_its_first_batch_fails(every, bad_batch, seen):
    text, order = _fit(bad_batch, steps_per_execution=every)
    assert text == _TRACED
    assert order == seen


def test_a_failure_inside_a_group_begins_it_once():
    # TF 2.21 (steps_per_execution=2, the second batch fails): batch_begin 0 only; TF's error then names the node
    # inside its while loop ('while/body/_1/while/cond_1/then/_94/while/cond_1/IteratorGetNextAsOptional')
    text, order = _fit(1, steps_per_execution=2)
    assert order == [('begin', 0)]
    assert _FAILURE in text


@pytest.mark.parametrize('bad_batch, seen', [(0, [('begin', 0)]), (2, [('begin', 0), ('end', 1), ('begin', 2)])])
def test_run_eagerly_in_groups_reads_as_optional(bad_batch, seen):
    # TF 2.21: {{function_node __wrapped__IteratorGetNextAsOptional_device_...}} ... MapDataset:49 ...
    text, order = _fit(bad_batch, steps_per_execution=2, run_eagerly=True)
    assert text == ('{{function_node __wrapped__IteratorGetNextAsOptional_device_/job:localhost/replica:0/task:0/'
                    'device:CPU:0}} ' + _FAILURE + ' [Op:IteratorGetNextAsOptional] name: ')
    assert order == seen


def test_one_step_at_a_time_keeps_iterator_get_next():
    # TF 2.21: batch_begin 0, batch_end 0, batch_begin 1, then '... [[IteratorGetNext]] ...'
    text, order = _fit(1)
    assert order == [('begin', 0), ('end', 0), ('begin', 1)]
    assert text == _TRACED.replace('IteratorGetNextAsOptional', 'IteratorGetNext')


def test_calls_before_the_failing_batch_count_for_the_retracing_warning(caplog):
    # progs/modelfuzz23/i7.py: fits failing at batch 0 (x4), batch 1 (x2), a whole fit, batch 2 in groups of 2 (x3),
    # batch 3 (x2), then whole fits. TF 2.21 logs '5 out of the last 14 calls' in the 11th fit and '6 out of the
    # last 17 calls' in the 12th: it counts a call once it returned, so the calls before the failing one count
    # (tapeflow counted none of a failing pass's calls: '6 out of the last 15')
    import logging
    import re
    from layers.training import step_retracing
    step_retracing.forget()
    caplog.set_level(logging.WARNING, logger='tensorflow')
    plan = [(0, 1)] * 4 + [(1, 1)] * 2 + [(None, 1)] + [(2, 2)] * 3 + [(3, 1)] * 2 + [(None, 1)] * 2
    seen = []
    try:
        for bad_batch, every in plan:
            if bad_batch is None:
                x = np.random.RandomState(4).normal(size=(40, 5)).astype('float32')
                model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(3, activation='softmax')])
                model.compile('sgd', 'sparse_categorical_crossentropy')
                model.fit(tf.data.Dataset.from_tensor_slices((x, np.zeros(40, 'int64'))).batch(4),
                          class_weight={0: 1.0, 1: 2.0}, epochs=1, verbose=0)
            else:
                _fit(bad_batch, steps_per_execution=every)
            seen.append([re.sub(r' calls to .*', '', r.getMessage(), flags=re.S) for r in caplog.records
                         if 'triggered tf.function retracing' in r.getMessage()])
            caplog.clear()
    finally:
        step_retracing.forget()
    assert seen == [[]] * 10 + [['5 out of the last 14']] + [['6 out of the last 17']] + [[]] * 2

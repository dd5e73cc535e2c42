"""fit(class_weight=...) on a tf.data.Dataset whose labels pass the class_weight table (a dict missing the
largest class): Keras 3's Dataset.map gathers the weights inside the input pipeline, so TF 2.21 raises the
gather's failure from the step that reads the batch, after on_train_batch_begin, in the pipeline's words
(layers/training/class_weight_map_errors.py); tapeflow raised the eager gather's error while it read the
dataset's element spec, before any batch began. Texts printed by TF 2.21 + Keras 3
(/work/notes/progs/modelfuzz22/n2.py, n3.py), with the dataset's and the graph's uids left out.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

LABELS = [0, 1, 1, 1, 0, 2, 2, 0, 2, 0, 1, 0, 0, 1, 1, 2, 1, 2, 1, 2]


def _fit(labels=LABELS, class_weight=None, callbacks=(), **compile_args):
    x = np.random.RandomState(4).normal(size=(len(labels), 5)).astype('float32')
    keras.utils.set_random_seed(4)
    model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(3, activation='softmax')])
    model.compile('sgd', 'sparse_categorical_crossentropy', **compile_args)
    data = tf.data.Dataset.from_tensor_slices((x, np.array(labels))).batch(8)
    return model.fit(data, class_weight=class_weight or {0: 1.0, 1: 2.0}, epochs=1, verbose=0, shuffle=False,
                     callbacks=list(callbacks))


def _traced(index, label, size, get_next='IteratorGetNext'):
    return ('Graph execution error:\n\nDetected at node GatherV2 defined at (most recent call last):\n'
            '<stack traces unavailable>\nError in user-defined function passed to MapDataset transformation with '
            'iterator: Iterator::Root::Prefetch::ParallelMapV2: indices[%d] = %d is not in [0, %d)\n'
            '\t [[{{node GatherV2}}]]\n\t [[%s]] [Op:__inference_multi_step_on_iterator]'
            % (index, label, size, get_next))


def test_fit_raises_the_pipelines_error():
    # TF 2.21: ... MapDataset:2 ... [Op:__inference_multi_step_on_iterator_188]
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        _fit()
    assert str(caught.value) == _traced(5, 2, 2)
    assert 'give class_weight a key for the largest class' in ''.join(caught.value.__notes__)


def test_steps_per_execution_reads_as_optional():
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        _fit(steps_per_execution=2)
    assert str(caught.value) == _traced(5, 2, 2, 'IteratorGetNextAsOptional')


def test_a_later_batch():
    later = [min(label, 1) for label in LABELS[:16]] + LABELS[16:]      # the third batch holds class 2 first
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        _fit(later)
    assert str(caught.value) == _traced(1, 2, 2)


def test_run_eagerly_raises_the_iterators_error():
    # TF 2.21: {{function_node __wrapped__IteratorGetNext_output_types_3_device_...}} ... MapDataset:4 ...
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        _fit(run_eagerly=True)
    assert str(caught.value) == (
        '{{function_node __wrapped__IteratorGetNext_output_types_3_device_/job:localhost/replica:0/task:0/device:'
        'CPU:0}} Error in user-defined function passed to MapDataset transformation with iterator: '
        'Iterator::Root::Prefetch::ParallelMapV2: indices[5] = 2 is not in [0, 2)\n\t [[{{node GatherV2}}]] '
        '[Op:IteratorGetNext] name: ')


def test_the_error_comes_after_the_batch_begins():
    # TF 2.21: on_train_begin, on_epoch_begin, on_train_batch_begin(0), then the step fails
    seen = []

    class Record(keras.callbacks.Callback):
        def on_train_begin(self, logs=None):
            seen.append('train')

        def on_epoch_begin(self, epoch, logs=None):
            seen.append('epoch')

        def on_train_batch_begin(self, batch, logs=None):
            seen.append(batch)

    with pytest.raises(tf.errors.InvalidArgumentError):
        _fit(callbacks=[Record()])
    assert seen == ['train', 'epoch', 0]


def test_a_full_table_trains():
    history = _fit(class_weight={0: 1.0, 1: 2.0, 2: 0.5})
    assert list(history.history) == ['loss'] and np.isfinite(history.history['loss'][0])

"""A kernel that fails on the data inside Keras's traced steps raises TF 2.21's graph-run error: 'Graph execution
error', the node, the user's lines, the kernel's text, then the node and Keras's step function
(notes/progs/lead42/e2.py, e3.py, e6.py printed by TF 2.21; the graph uid after the function name is left out)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

X = np.random.RandomState(0).rand(8, 3).astype('float32')
BAD_LABELS = np.array([0, 1, 2, 5, 0, 1, 2, 0])
LOSS_NODE = ('compile_loss/sparse_categorical_crossentropy/SparseSoftmaxCrossEntropyWithLogits/'
             'SparseSoftmaxCrossEntropyWithLogits')


def _classifier(**compile_args):
    keras.backend.clear_session()
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(3)])
    model.compile('sgd', keras.losses.SparseCategoricalCrossentropy(from_logits=True), **compile_args)
    return model


def _raised(call):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        call()
    return str(caught.value)


def test_a_label_out_of_range_in_fit_fails_at_the_losses_node():
    model = _classifier()
    text = _raised(lambda: model.fit(X, BAD_LABELS, batch_size=4, shuffle=False, verbose=0))
    assert text.startswith('Graph execution error:\n\nDetected at node %s defined at (most recent call last):\n'
                           % LOSS_NODE)
    assert '\n  File "%s", line ' % __file__ in text       # (the user's lines: the fit call's)
    assert text.endswith('\n\nReceived a label value of 5 which is outside the valid range of [0, 3).  Label values: '
                         '0 1 2 5\n\t [[{{node %s}}]] [Op:__inference_multi_step_on_iterator]' % LOSS_NODE)


def test_evaluate_and_train_on_batch_name_their_functions():
    model = _classifier()
    assert _raised(lambda: model.evaluate(X, BAD_LABELS, batch_size=4, verbose=0)).endswith(
        '[Op:__inference_multi_step_on_iterator]')
    text = _raised(lambda: model.train_on_batch(X, BAD_LABELS))
    assert 'Label values: 0 1 2 5 0 1 2 0\n' in text
    assert text.endswith('[[{{node %s}}]] [Op:__inference_one_step_on_data]' % LOSS_NODE)


def test_a_later_batch_fails_as_the_first_would():
    # the second batch replays the step the first one traced: the same node and words
    model = _classifier()
    labels = np.array([0, 1, 2, 0, 0, 1, 2, 7])
    text = _raised(lambda: model.fit(X, labels, batch_size=4, shuffle=False, verbose=0))
    assert 'Detected at node %s defined at' % LOSS_NODE in text
    assert 'Received a label value of 7 which is outside the valid range of [0, 3).  Label values: 0 1 2 7\n' in text


def test_run_eagerly_keeps_the_kernels_eager_words():
    model = _classifier(run_eagerly=True)
    text = _raised(lambda: model.fit(X, BAD_LABELS, batch_size=4, shuffle=False, verbose=0))
    assert text.startswith('{{function_node __wrapped__SparseSoftmaxCrossEntropyWithLogits_device_')


def test_an_embedding_index_past_input_dim_fails_at_the_layers_gather():
    keras.backend.clear_session()
    inputs = keras.Input((2,))
    embedding = keras.layers.Embedding(5, 2)
    outputs = keras.layers.Dense(1)(keras.layers.Flatten()(embedding(inputs)))
    model = keras.Model(inputs, outputs)
    model.compile('sgd', 'mse')
    x, y = np.array([[1, 2], [3, 9]] * 4), np.ones(8)
    for call, function in ((lambda: model.fit(x, y, batch_size=4, verbose=0), 'multi_step_on_iterator'),
                           (lambda: model.predict(x, batch_size=4, verbose=0), 'one_step_on_data_distributed'),
                           (lambda: model.train_on_batch(x, y), 'one_step_on_data'),
                           (lambda: model.predict_on_batch(x), 'one_step_on_data_distributed')):
        text = _raised(call)
        assert text.startswith('Graph execution error:\n\nDetected at node functional_1/embedding_1/GatherV2 defined')
        assert 'is not in [0, 5)\n\t [[{{node functional_1/embedding_1/GatherV2}}]] [Op:__inference_%s]' % function \
            in text

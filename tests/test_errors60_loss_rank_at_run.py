"""Labels of another rank than the predictions, which fit / evaluate's traced step lets pass: TF 2.21's node.

Labels (10, 2, 2) for a (10, 1) output pass the trace's shape inference ([?,2,2] with [?,1]) and fail
when the step runs, at the loss's first op. TF 2.21 names that node by its graph name ('compile_loss/mse/sub',
not the kernel's 'Sub'); in fit the op's gradient usually fails first (its executor races the two:
/work/notes/progs/errors60/yrank3.py), and tapeflow names the gradient's BroadcastGradientArgs. A batch of
the step's own static shape (train_on_batch) fails at shape inference with the graph's ValueError, which
squared_hinge / categorical_hinge / dice / tversky lacked. Texts printed by TF 2.21 / Keras 3.15 for the same
programs (/work/notes/progs/errors60/yrank.py, yrank2.py).
"""
import re

import numpy as np
import pytest

from framework import keras
from framework.errors import InvalidArgumentError

X = np.random.RandomState(0).rand(10, 3).astype('float32')
Y3 = np.ones((10, 2, 2), 'float32')
TRUE_FIRST, PRED_FIRST = '[10,2,2] vs. [10,1]', '[10,1] vs. [10,2,2]'


def _model(loss):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile('sgd', loss)
    return model


def _run_error(call):
    with pytest.raises(InvalidArgumentError) as info:
        call()
    text = str(info.value)
    node = re.search(r'\{\{node (\S+)\}\}', text).group(1)
    assert text.startswith('Graph execution error:\n\nDetected at node %s defined at (most recent call last):'
                           % node)
    return node, re.search(r'Incompatible shapes: (.*)\n', text).group(1)


@pytest.mark.parametrize('loss, scope, node, shapes', [
    ('mse', 'mse', 'sub', TRUE_FIRST),
    ('mae', 'mae', 'sub', TRUE_FIRST),
    ('msle', 'msle', 'sub', PRED_FIRST),
    ('huber', 'huber', 'Sub', PRED_FIRST),
    ('log_cosh', 'log_cosh', 'sub', PRED_FIRST),
    ('kld', 'kld', 'truediv', TRUE_FIRST),
    ('poisson', 'poisson', 'mul', TRUE_FIRST),
    ('hinge', 'hinge', 'mul', TRUE_FIRST),
    ('squared_hinge', 'squared_hinge', 'mul', TRUE_FIRST),
    ('cosine_similarity', 'cosine_similarity', 'mul_2', PRED_FIRST),      # (grappler's operand order)
    ('categorical_hinge', 'categorical_hinge', 'mul', TRUE_FIRST),
    (keras.losses.Dice(), 'dice', 'mul', TRUE_FIRST),
    (keras.losses.Tversky(), 'tversky', 'mul', TRUE_FIRST),
])
def test_evaluate_names_the_losss_first_op_by_its_graph_name(loss, scope, node, shapes):
    assert _run_error(lambda: _model(loss).evaluate(X, Y3, verbose=0)) == ('compile_loss/%s/%s' % (scope, node),
                                                                           shapes)


@pytest.mark.parametrize('loss, node, shapes', [
    ('mse', 'mse/sub/BroadcastGradientArgs', TRUE_FIRST),
    ('msle', 'msle/sub/BroadcastGradientArgs', PRED_FIRST),
    ('huber', 'huber/BroadcastGradientArgs_2', PRED_FIRST),
    ('log_cosh', 'log_cosh/sub/BroadcastGradientArgs', PRED_FIRST),
    ('hinge', 'hinge/mul/BroadcastGradientArgs', TRUE_FIRST),
    ('cosine_similarity', 'cosine_similarity/mul_2/BroadcastGradientArgs', TRUE_FIRST),
    ('categorical_hinge', 'categorical_hinge/mul/BroadcastGradientArgs', TRUE_FIRST),
    (keras.losses.Dice(), 'dice/mul/BroadcastGradientArgs', TRUE_FIRST),
])
def test_fit_names_the_first_ops_gradient(loss, node, shapes):
    assert _run_error(lambda: _model(loss).fit(X, Y3, verbose=0)) == ('gradient_tape/compile_loss/' + node, shapes)


def test_fit_batches_give_the_batchs_shapes():
    assert _run_error(lambda: _model('mse').fit(X, Y3, batch_size=4, verbose=0)) == (
        'gradient_tape/compile_loss/mse/sub/BroadcastGradientArgs', '[4,2,2] vs. [4,1]')


def test_run_eagerly_keeps_the_kernels_error():
    model = _model('mse')
    model.compile('sgd', 'mse', run_eagerly=True)
    with pytest.raises(InvalidArgumentError) as info:
        model.fit(X, Y3, verbose=0)
    assert str(info.value) == ('{{function_node __wrapped__Sub_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
                               'Incompatible shapes: [10,2,2] vs. [10,1] [Op:Sub] name: ')


@pytest.mark.parametrize('loss, scope, first', [
    ('squared_hinge', 'squared_hinge', 'compile_loss/squared_hinge/cond/Identity'),
    ('categorical_hinge', 'categorical_hinge', 'data_1'),
    (keras.losses.Dice(), 'dice', 'data_1'),
    (keras.losses.Tversky(), 'tversky', 'data_1'),
])
@pytest.mark.parametrize('call', ['train_on_batch', 'test_on_batch'])
def test_a_static_batch_fails_at_shape_inference(loss, scope, first, call):
    model = _model(loss)
    with pytest.raises(ValueError) as info:
        getattr(model, call)(X, Y3)
    text = str(info.value)
    text = re.sub(r'sequential_\d+_1/dense_\d+_1', 'sequential_1/dense_1', text)
    assert text == ("Dimensions must be equal, but are 2 and 10 for '{{node compile_loss/%s/mul}} = Mul[T=DT_FLOAT]"
                    "(%s, sequential_1/dense_1/Add)' with input shapes: [10,2,2], [10,1]." % (scope, first))

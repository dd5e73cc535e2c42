"""Per-sample weights (N,) for a sequence output's (N, T) losses fail in a traced step as TF 2.21's graph run
does: the trace's open batch axis lets the shapes pass, and the run fails at the loss's weight Mul, which the
graph names ('compile_loss/mse/mul', 'mul_3' for huber), with the weights first (grappler's order; eagerly
'[4,5] vs. [4]'). In fit the Mul's gradient (BroadcastGradientArgs) meets the shapes first, except for the
cross-entropies of a softmax output's logits; with a mask the weights fail against it in the Mul itself.
tapeflow named the node after the kernel ('compile_loss/mse/Mul') and kept the eager order. Texts from
TF 2.21 (probes /work/notes/progs/modelfuzz15/e4.py, e5.py)."""
import numpy as np
import pytest

import framework as tf  # noqa: F401
from framework import keras
from framework.errors import InvalidArgumentError


def _fail(loss, activation, method='fit', mask=False, run_eagerly=False):
    rng = np.random.default_rng(0)
    x = rng.integers(1, 6, size=(10, 5)).astype('int32')
    labels = rng.integers(0, 3, size=(10, 5)).astype('int32')
    y = labels if loss == 'sparse_categorical_crossentropy' else rng.normal(size=(10, 5, 3)).astype('float32')
    keras.utils.set_random_seed(3)
    inputs = keras.Input((5,), dtype='int32')
    hidden = keras.layers.Embedding(6, 4, mask_zero=mask)(inputs)
    model = keras.Model(inputs, keras.layers.Dense(3, activation=activation)(hidden))
    model.compile('adam', loss, run_eagerly=run_eagerly)
    weights = rng.random((10,)).astype('float32')
    with pytest.raises(InvalidArgumentError) as info:
        if method == 'fit':
            model.fit(x, y, batch_size=4, epochs=1, verbose=0, sample_weight=weights)
        else:
            model.evaluate(x, y, batch_size=4, verbose=0, sample_weight=weights)
    return str(info.value)


@pytest.mark.parametrize('loss, activation, method, mask, node, shapes', [
    ('mse', None, 'fit', False, 'gradient_tape/compile_loss/mse/mul/BroadcastGradientArgs', '[4,5] vs. [4]'),
    ('kl_divergence', 'softmax', 'fit', False, 'gradient_tape/compile_loss/kl_divergence/mul_1/BroadcastGradientArgs',
     '[4,5] vs. [4]'),
    ('sparse_categorical_crossentropy', 'softmax', 'fit', False, 'compile_loss/sparse_categorical_crossentropy/mul',
     '[4] vs. [4,5]'),
    ('mse', None, 'evaluate', False, 'compile_loss/mse/mul', '[4] vs. [4,5]'),
    ('log_cosh', None, 'evaluate', False, 'compile_loss/log_cosh/mul_1', '[4] vs. [4,5]'),
    ('huber', None, 'fit', True, 'compile_loss/huber/mul_3', '[4] vs. [4,5]'),
])
def test_weight_mul_fails_at_its_graph_node(loss, activation, method, mask, node, shapes):
    text = _fail(loss, activation, method, mask)
    # TF 2.21: "Graph execution error:\n\nDetected at node <node> defined at (most recent call last):\n...
    # Incompatible shapes: <shapes>\n\t [[{{node <node>}}]] [Op:__inference_multi_step_on_iterator_...]"
    assert text.startswith('Graph execution error:\n\nDetected at node %s defined at (most recent call last):\n'
                           % node), text
    assert '\nIncompatible shapes: %s\n\t [[{{node %s}}]] [Op:__inference_multi_step_on_iterator' % (shapes, node) \
        in text, text


def test_run_eagerly_keeps_the_kernel_error():
    # TF 2.21: '{{function_node __wrapped__Mul_device_/job:localhost/replica:0/task:0/device:CPU:0}}
    # Incompatible shapes: [4,5] vs. [4] [Op:Mul] name: '
    text = _fail('mse', None, run_eagerly=True)
    assert text.endswith('}} Incompatible shapes: [4,5] vs. [4] [Op:Mul] name: '), text

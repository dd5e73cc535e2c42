"""A tf.train.Checkpoint of a functional model or a Sequential holds Keras 3's bookkeeping nodes.

Keras 3's Functional tracks seven lists and flags of its own (``_tracked``, ``_inbound_nodes``,
``_outbound_nodes``, ``_losses``, ``_losses_override``, ``call_signature_parameters``,
``_call_has_context_arg``), and TF 2.21 saves each as a node without values, before
``_operations``: in a functional model, a nested one, and a Sequential's ``_functional``.
tapeflow left them out, so its object graph (and every later node id) differed from TF's;
the files of these uncompiled models are now TF's byte for byte.

Values: TF 2.21's files (/work/notes/progs/kerasio28/tmp/g/prog.py, graphdump.py).
"""
import hashlib

import numpy as np
import pytest

from framework import keras
import framework as tf
from framework.train import checkpoint_file
from framework.train.trackable_proto import node_names

BOOKKEEPING = ['_tracked', '_inbound_nodes', '_outbound_nodes', '_losses', '_losses_override',
               'call_signature_parameters', '_call_has_context_arg']


def _graph(path):
    nodes = checkpoint_file.CheckpointReader(path).saved_graph
    names = node_names(nodes)
    return [names[i] for i in range(len(nodes))], [bool(node.has_values) for node in nodes]


def _sha(path):
    return hashlib.sha256(open(path, 'rb').read()).hexdigest()


def test_nested_functional_and_sequential_nodes(tmp_path):
    keras.backend.clear_session()       # the files hold the layers' names: TF's are a fresh program's
    keras.utils.set_random_seed(0)
    i = keras.Input((3,))
    inner = keras.Model(i, keras.layers.Dense(2)(i), name='inner')
    seq = keras.Sequential([keras.layers.Dense(2)], name='seq')
    j = keras.Input((3,))
    top = keras.Model(j, seq(inner(j)))
    path = tf.train.Checkpoint(model=top).write(str(tmp_path / 'g' / 'c'))
    names, has_values = _graph(path)
    m, op1, f2 = '(root).model', '(root).model._operations.1', '(root).model._operations.2._functional'
    assert names == (['(root)', m] + [m + '.' + b for b in BOOKKEEPING]
                     + [m + '._operations', m + '._operations.0', op1, m + '._operations.2']
                     + [op1 + '.' + b for b in BOOKKEEPING] + [op1 + '._operations', f2,
                                                              op1 + '._operations.0', op1 + '._operations.1']
                     + [f2 + '.' + b for b in BOOKKEEPING] + [f2 + '._operations', op1 + '._operations.1._kernel',
                                                             op1 + '._operations.1.bias', f2 + '._operations.0',
                                                             f2 + '._operations.1', f2 + '._operations.1._kernel',
                                                             f2 + '._operations.1.bias'])
    assert has_values == [True, True] + [False] * 7 + [True, False, True, True] + [False] * 7 + [True, True, False, True] \
        + [False] * 7 + [True, True, True, False, True, True, True]
    assert _sha(path + '.index') == '9ae3a721f866b1f3932b5b81ee1091cf44f87e64de919aab6236b6910e372e0a'
    assert _sha(path + '.data-00000-of-00001') == 'b9ac5ece72035f76babdb8c52238732ddcc03f751c6e357c8d355f0cb96586dc'

    seq2 = keras.Sequential([keras.layers.Dense(2)])
    seq2.build((None, 3))
    path = tf.train.Checkpoint(model=seq2).write(str(tmp_path / 'h' / 'c'))
    names, has_values = _graph(path)
    f = '(root).model._functional'
    assert names == ['(root)', '(root).model', f] + [f + '.' + b for b in BOOKKEEPING] + [
        f + '._operations', f + '._operations.0', f + '._operations.1', f + '._operations.1._kernel',
        f + '._operations.1.bias']
    assert has_values == [True, True, True] + [False] * 7 + [True, False, True, True, True]
    assert _sha(path + '.index') == 'af380300516a265e900cca733b5f4eba822cebc02b4a9b6775d2d4ac461756ea'
    assert _sha(path + '.data-00000-of-00001') == 'd6bc54e04e8090db8c3d5459f7b21a8d63076282a37a0d090acf5c8a0d95ebf3'


def test_compiled_model_and_optimizer_nodes(tmp_path):
    """compile() adds ``_compiled_trainable_state`` right after the model's optimizer, and every
    optimizer has ``_trainable_variables_indices`` after ``_trainable_variables``: both saved by TF
    2.21 as nodes without values (/work/notes/progs/kerasio28/tmp/g3/prog.py)."""
    keras.backend.clear_session()
    keras.utils.set_random_seed(0)
    i = keras.Input((3,))
    model = keras.Model(i, keras.layers.Dense(2)(i))
    model.compile(keras.optimizers.SGD(), keras.losses.MeanSquaredError())
    path = tf.train.Checkpoint(model=model).write(str(tmp_path / 'f' / 'c'))
    names, has_values = _graph(path)
    assert names[11:19] == ['(root).model._compiled_trainable_state', '(root).model._operations.0',
                            '(root).model._operations.1', '(root).model.optimizer._variables',
                            '(root).model.optimizer._trainable_variables',
                            '(root).model.optimizer._trainable_variables_indices',
                            '(root).model.optimizer._iterations', '(root).model.optimizer._learning_rate']
    assert has_values[11:19] == [False, False, True, True, False, False, True, True]
    assert _sha(path + '.index') == 'c3bd443aaf00d84a013c4fc3a6d9450d6e47790f4ea9386e0d679fa39efb70d9'
    assert _sha(path + '.data-00000-of-00001') == 'b5a283c7054795d111ace4964b38518166ea60706d7b84240d2779f87f89c912'

    class Sub(keras.Model):
        def __init__(self):
            super().__init__()
            self.d = keras.layers.Dense(2)

        def call(self, x):
            return self.d(x)

    sub = Sub()
    sub.compile(keras.optimizers.Adam(), keras.losses.MeanSquaredError())
    path = tf.train.Checkpoint(model=sub).write(str(tmp_path / 's' / 'c'))
    assert _graph(path)[0][2:5] == ['(root).model.d', '(root).model.optimizer', '(root).model._compiled_trainable_state']
    assert _sha(path + '.index') == '7166336065bfeebc02b469731d756ab4b97c886cf5e8c3fc7051473e4455389c'

    path = tf.train.Checkpoint(opt=keras.optimizers.Adam()).write(str(tmp_path / 'o' / 'c'))
    assert _graph(path)[0][2:] == ['(root).opt._variables', '(root).opt._trainable_variables',
                                   '(root).opt._trainable_variables_indices', '(root).opt._iterations',
                                   '(root).opt._learning_rate']
    assert _sha(path + '.index') == '3add2bb9af0513581e99b4e59821e19b9ef8ced02364945ab6a68e05bda3bf47'
    assert _sha(path + '.data-00000-of-00001') == '2fa5bdeca05d9112996d964a512d0cd297cdd99866e8c5c91dc8a0908dec9ba4'


@pytest.mark.parametrize('make, children, index_sha', [
    # (TF's program made this optimizer second: its name, in the file's full names, is 'adam_1')
    (lambda: keras.optimizers.Adam(amsgrad=True, name='adam_1'), ['_momentums', '_velocities', '_velocity_hats'],
     'acff09c88d685dfa2af9d7a5f5090622052e2a86677f1bbf57ea336f642134f0'),
    (lambda: keras.optimizers.Nadam(), ['_momentums', '_velocities', '_u_product'],
     '586040a85297d672b3289b59ca35d60c6c79bdedb4d24d52af3d349f38528941'),
    # (/work/notes/progs/kerasio28/tmp/g5/prog.py) SGD without momentum keeps an empty list
    (lambda: keras.optimizers.SGD(), ['momentums'],
     '8463371ddfde6d28985b3f8c8d2c8dee3ee053f55d534414bb64184277037dfb'),
    (lambda: keras.optimizers.RMSprop(momentum=0.5, centered=True), ['_velocities', '_momentums', '_average_gradients'],
     'e6fe4ad140b2371687f4086d13089921006dd065e76cc8680b92b179c957b8d0'),
    (lambda: keras.optimizers.Adadelta(), ['_accumulated_grads', '_accumulated_delta_vars'],
     'fbc828990a7c5c0d257877193e7d6acb4491f9859ab95f1bb7d76a368f67ea1e'),
    (lambda: keras.optimizers.Adam(use_ema=True), ['_model_variables_moving_average', '_momentums', '_velocities'],
     'b4a3a4b29e1a51c83a0be8bb2e707c9c4073e281421093cba473c1d05374faa2'),
    # (tmp/g6/prog.py) Adafactor's lists are saved empty
    (lambda: keras.optimizers.Adafactor(), ['_r', '_c', '_v'],
     '0965b91a54947433d7d9af9f8e0d0059a47ddbf9d4abfbce196d7ae1f5842275')])
def test_built_optimizer_slot_lists(tmp_path, make, children, index_sha):
    """After a step, TF 2.21 also saves Keras 3's per-kind slot lists after the learning rate
    (/work/notes/progs/kerasio28/tmp/g4/prog.py; EMA's and gradient accumulation's first): the file
    is then TF's byte for byte."""
    keras.backend.clear_session()
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    model.compile(make(), keras.losses.MeanSquaredError())
    model.fit(np.ones((4, 3)), np.ones((4, 2)), verbose=0)
    path = tf.train.Checkpoint(model=model).write(str(tmp_path / 'c'))
    prefix = '(root).model.optimizer.'
    names = [n[len(prefix):] for n in _graph(path)[0] if n.startswith(prefix) and '.' not in n[len(prefix):]]
    assert names == ['_variables', '_trainable_variables', '_trainable_variables_indices', '_iterations',
                     '_learning_rate'] + children
    assert _sha(path + '.index') == index_sha

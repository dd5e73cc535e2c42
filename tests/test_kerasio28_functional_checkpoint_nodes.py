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

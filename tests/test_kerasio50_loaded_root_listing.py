"""A loaded SavedModel's root as TF 2.21's loader revives it: dir() lists graph_debug_info (an empty
GraphDebugInfo message for a default save), and a loaded ExportArchive's root lists its endpoints, variable
collections and variable lists (probe /work/notes/progs/kerasio50/p15.py; tapeflow listed ['signatures'] for an
archive and had no graph_debug_info)."""
import pytest

import framework as tf
from framework import keras

_ROOT = ['graph_debug_info', 'signatures', 'tensorflow_git_version', 'tensorflow_version']


def _public(obj):
    return [name for name in dir(obj) if not name.startswith('_')]


def test_export_archive_root_lists_its_endpoints_and_collections(tmp_path):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, name='d')], name='s')
    archive = keras.export.ExportArchive()
    archive.track(model)
    archive.add_endpoint('serve', model.call, input_signature=[tf.TensorSpec((None, 3), tf.float32)])
    archive.add_endpoint('call', model.call, input_signature=[tf.TensorSpec((None, 3), tf.float32)])
    archive.add_variable_collection('my_vars', model.weights)
    archive.write_out(str(tmp_path / 'e'), verbose=False)
    loaded = tf.saved_model.load(str(tmp_path / 'e'))
    # TF 2.21: ['call', 'graph_debug_info', 'my_vars', 'non_trainable_variables', 'serve', 'signatures',
    # 'tensorflow_git_version', 'tensorflow_version', 'trainable_variables', 'variables']
    assert _public(loaded) == sorted(['call', 'my_vars', 'non_trainable_variables', 'serve', 'trainable_variables',
                                      'variables'] + _ROOT)
    model.export(str(tmp_path / 'm'), verbose=False)
    assert _public(tf.saved_model.load(str(tmp_path / 'm'))) == sorted(
        ['non_trainable_variables', 'serve', 'trainable_variables', 'variables'] + _ROOT)


class _Parent(tf.Module):
    def __init__(self):
        super().__init__()
        self.c = tf.Module()
        self.c.v = tf.Variable(1.0)

    @tf.function(input_signature=[tf.TensorSpec((), tf.float32)])
    def f(self, x):
        return x


def test_graph_debug_info_is_an_empty_message_on_the_root_only(tmp_path):
    tf.saved_model.save(_Parent(), str(tmp_path / 'p'))
    loaded = tf.saved_model.load(str(tmp_path / 'p'))
    assert _public(loaded) == sorted(['c', 'f'] + _ROOT)
    info = loaded.graph_debug_info
    # TF 2.21: <class 'tensorflow.core.framework.graph_debug_info_pb2.GraphDebugInfo'>, printed as ''
    assert str(type(info)) == "<class 'tensorflow.core.framework.graph_debug_info_pb2.GraphDebugInfo'>"
    assert str(info) == '' and list(info.files) == [] and dict(info.traces) == {}
    with pytest.raises(AttributeError, match="^'_UserObject' object has no attribute 'graph_debug_info'$"):
        loaded.c.graph_debug_info

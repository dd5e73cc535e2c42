"""tf.train.load_checkpoint(...).get_variable_to_shape_map() / _dtype_map() list keys in TF's order.

The checkpoint-migration guide (tensorflow/docs guide/migrate/migrating_checkpoints) prints a
checkpoint by looping over get_variable_to_shape_map(); TF 2.21's dict comes from a C++
std::unordered_map, so the keys come in libstdc++'s bucket order (framework/train/
unordered_map_order.py), not sorted as tapeflow listed them. Goldens printed by /opt/tfref/bin/python
(p05_migrating_checkpoints.py and gen_keys_tf.py in /work/notes/progs/tutorials15; the emulation
matched all 40 random key sets there and checkpoints of 101 to 5001 keys, gen_keys_tf2.py).
"""
import pytest

import framework as tf

SUFFIX = '/.ATTRIBUTES/VARIABLE_VALUE'
GRAPH = '_CHECKPOINTABLE_OBJECT_GRAPH'


def _keys(path):
    reader = tf.train.load_checkpoint(path)
    keys = list(reader.get_variable_to_shape_map())
    assert list(reader.get_variable_to_dtype_map()) == keys
    return keys


def test_the_guides_checkpoints_print_in_tensorflows_order(tmp_path):
    a, b = tf.Variable(5.0, name='a'), tf.Variable(6.0, name='b')
    with tf.name_scope('scoped'):
        c = tf.Variable(7.0, name='c')
    path = tf.train.Checkpoint(variables=[a, b, c]).save(str(tmp_path / 'tf2-ckpt'))
    assert _keys(path) == ['variables/2' + SUFFIX, 'variables/1' + SUFFIX, 'variables/0' + SUFFIX,
                           'save_counter' + SUFFIX, GRAPH]
    module = tf.Module()
    module.d = tf.Variable(0.)
    path = tf.train.Checkpoint(v={'a': a, 'b': b}, c=c, module=module).save(str(tmp_path / 'root-tf2-ckpt'))
    assert _keys(path) == ['v/b' + SUFFIX, 'v/a' + SUFFIX, 'module/d' + SUFFIX, 'save_counter' + SUFFIX,
                           'c' + SUFFIX, GRAPH]


@pytest.mark.parametrize('expected', [
    ['g__g3yx_33', 'f', 'yz3d', GRAPH],
    ['fabd0b', 'czcg2e', 'yxaf322afg3', 'gg1___g', 'abz', GRAPH],
    ['y2ycz', 'xb', 'fbbgxc', 'z3d', 'b100b3zcczd', GRAPH],
    ['zexbz1gfz', GRAPH, 'az', 'b', 'bf', 'fxybfgfz_3d', 'd0f02b', 'z1', 'ecd2', 'xfz33', 'xx2yea13y', 'aeyxg31',
     'eb0', 'ycec'],
])
def test_keys_sharing_buckets_come_in_tensorflows_order(tmp_path, expected):
    # not reverse-sorted: keys whose hashes share a bucket (TF 2.21 printed these lists)
    names = [k for k in expected if k != GRAPH]
    path = tf.train.Checkpoint(**{n: tf.Variable(1.0) for n in names}).write(str(tmp_path / 'c'))
    assert _keys(path) == [k if k == GRAPH else k + SUFFIX for k in expected]


def test_list_variables_stays_sorted(tmp_path):
    path = tf.train.Checkpoint(**{n: tf.Variable(1.0) for n in ['zexbz1gfz', 'az', 'b']}).write(str(tmp_path / 'c'))
    assert [k for k, _ in tf.train.list_variables(path)] == [GRAPH, 'az' + SUFFIX, 'b' + SUFFIX, 'zexbz1gfz' + SUFFIX]

"""A tf.Module keeps its lists and dicts as TensorFlow's tracking does: wrapped (ListWrapper /
DictWrapper, printed so, items wrapped as they arrive), saved as object-graph nodes even when they
hold no variable, and a checkpoint restored before an attribute or item exists gives it its saved
value when it is set (the checkpoint guide's delayed restoration). Expected values: TensorFlow 2.21
(/opt/tfref) running the same lines and parsing its checkpoint's object graph."""
import numpy as np

import framework as tf
from framework.train import load_checkpoint, trackable_proto


class Holder(tf.Module):
    pass


class Sub(tf.Module):
    def __init__(self, v=(0.0, 0.0)):
        super().__init__()
        self.v = tf.Variable(list(v))


def test_lists_and_dicts_print_as_tensorflows_wrappers():
    m = Holder()
    m.items = [1, 2]
    m.d = {'k': [1, {'z': 2}]}
    m.t = (1, 2)
    # TF 2.21: ListWrapper([1, 2]) / {'k': ListWrapper([1, DictWrapper({'z': 2})])} / DictWrapper({...}) / (1, 2)
    assert repr(m.items) == 'ListWrapper([1, 2])' and isinstance(m.items, list) and m.items == [1, 2]
    assert str(m.d) == "{'k': ListWrapper([1, DictWrapper({'z': 2})])}"
    assert repr(m.d) == "DictWrapper({'k': ListWrapper([1, DictWrapper({'z': 2})])})"
    assert repr(m.t) == '(1, 2)'
    assert type(m.items + [3]) is list


def test_items_are_wrapped_as_they_arrive():
    m = Holder()
    m.l = [1]
    m.l.append([5])
    m.l.extend([[2]])
    m.l += [[3]]
    m.l.insert(0, [0])
    m.d = {}
    m.d['q'] = [1]
    m.d.update(r={'s': 1})
    # TF 2.21: ListWrapper([ListWrapper([0]), 1, ListWrapper([5]), ListWrapper([2]), ListWrapper([3])])
    assert repr(m.l) == 'ListWrapper([ListWrapper([0]), 1, ListWrapper([5]), ListWrapper([2]), ListWrapper([3])])'
    assert repr(m.d) == "DictWrapper({'q': ListWrapper([1]), 'r': DictWrapper({'s': 1})})"


def test_empty_and_plain_containers_are_saved_as_nodes(tmp_path):
    m = Holder()
    m.items, m.nums, m.v, m.d, m.t = [], [1, 2], tf.Variable(1.0), {}, ()
    path = tf.train.Checkpoint(m=m).save(str(tmp_path / 'c'))
    graph = trackable_proto.decode(load_checkpoint(path).get_tensor('_CHECKPOINTABLE_OBJECT_GRAPH'))
    # TF 2.21's graph: node 1 (m) has children items, nums, v, d (no node for the empty tuple)
    assert graph[1].children == [(3, 'items'), (4, 'nums'), (5, 'v'), (6, 'd')]
    assert [(n.children, list(n.keys.values())) for n in graph[3:]] == \
        [([], []), ([], []), ([], ['m/v/.ATTRIBUTES/VARIABLE_VALUE']), ([], [])]


def test_the_reader_gives_the_object_graph_and_scalars_as_tensorflows_does(tmp_path):
    path = tf.train.Checkpoint(v=tf.Variable(1.0)).save(str(tmp_path / 'c'))
    reader = load_checkpoint(path)
    # TF 2.21: bytes, True; a scalar variable's value is a numpy float32
    assert isinstance(reader.get_tensor('_CHECKPOINTABLE_OBJECT_GRAPH'), bytes)
    assert reader.has_tensor('_CHECKPOINTABLE_OBJECT_GRAPH')
    assert type(reader.get_tensor('v/.ATTRIBUTES/VARIABLE_VALUE')) is np.float32


def _saved_net(tmp_path):
    net = Holder()
    net.a = tf.Variable(5.0)
    net.sub = Sub([2.0, 3.0])
    net.items = [tf.Variable(7.0), Sub([4.0, 5.0])]
    return tf.train.Checkpoint(net=net).save(str(tmp_path / 'c'))


def test_attributes_set_after_a_restore_get_their_saved_values(tmp_path):
    path = _saved_net(tmp_path)
    empty = Holder()
    status = tf.train.Checkpoint(net=empty).restore(path)
    empty.unrelated = tf.Variable(0.0)
    empty.a = tf.Variable(0.0)
    sub = Holder()
    empty.sub = sub
    sub.v = tf.Variable([0.0, 0.0])
    empty.items = [tf.Variable(0.0)]
    empty.items.append(Sub())
    # TF 2.21: 5.0 0.0 / [2. 3.] / 7.0 / [4. 5.]
    assert (empty.a.numpy(), empty.unrelated.numpy()) == (5.0, 0.0)
    np.testing.assert_array_equal(sub.v.numpy(), [2.0, 3.0])
    assert empty.items[0].numpy() == 7.0
    np.testing.assert_array_equal(empty.items[1].v.numpy(), [4.0, 5.0])
    status.assert_nontrivial_match()


def test_a_list_filled_after_the_restore(tmp_path):
    m = Holder()
    m.items = [tf.Variable(1.0), tf.Variable(2.0)]
    path = tf.train.Checkpoint(m=m).save(str(tmp_path / 'm'))
    fresh = Holder()
    fresh.items = []
    tf.train.Checkpoint(m=fresh).restore(path)
    fresh.items.append(tf.Variable(0.0))
    fresh.items.append(tf.Variable(0.0))
    assert [float(v.numpy()) for v in fresh.items] == [1.0, 2.0]      # TF 2.21: [1.0, 2.0]

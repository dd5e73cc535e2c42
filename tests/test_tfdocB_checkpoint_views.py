"""tf.train.CheckpointView / TrackableView and the object graph of Checkpoint(root, **kwargs), from
TF 2.21's checkpoint_view.py and trackable_view.py docstrings. TF attaches 'root' (an edge back to
node 0) and the keyword objects, sorted, to the root after its own dependencies. Golden values
printed by TF 2.21 (tensorflow-cpu): /work/notes/progs/tfdocB/cv.py and cv2.py."""
import framework as tf
from framework.train import trackable_proto


class SimpleModule(tf.Module):
    def __init__(self, name=None):
        super().__init__(name=name)
        self.a_var = tf.Variable(5.0)
        self.b_var = tf.Variable(4.0)
        self.vars = [tf.Variable(1.0), tf.Variable(2.0)]


def _graph(path):
    nodes = trackable_proto.decode(tf.train.load_checkpoint(path).get_tensor('_CHECKPOINTABLE_OBJECT_GRAPH'))
    return [(node.children, node.keys) for node in nodes]


def _saved_root(tmp_path):
    root = SimpleModule(name='root')
    leaf = root.leaf = SimpleModule(name='leaf')
    leaf.leaf3 = tf.Variable(6.0, name='leaf3')
    leaf.leaf4 = tf.Variable(7.0, name='leaf4')
    return root, tf.train.Checkpoint(root).save(str(tmp_path / 'tf_ckpts'))


def test_checkpoint_with_a_root_saves_tensorflows_object_graph(tmp_path):
    _, path = _saved_root(tmp_path)
    graph = _graph(path)
    assert graph[0] == ([(1, 'a_var'), (2, 'b_var'), (3, 'vars'), (4, 'leaf'), (0, 'root'), (5, 'save_counter')], {})
    assert graph[3] == ([(6, '0'), (7, '1')], {})
    assert graph[4][0] == [(8, 'a_var'), (9, 'b_var'), (10, 'vars'), (11, 'leaf3'), (12, 'leaf4')]
    assert graph[14] == ([], {'VARIABLE_VALUE': 'leaf/vars/1/.ATTRIBUTES/VARIABLE_VALUE'})
    assert len(graph) == 15
    module = SimpleModule()
    keyed = tf.train.Checkpoint(module, zeta=tf.Variable(2.0), alpha=tf.Variable(3.0)).save(str(tmp_path / 'c'))
    assert _graph(keyed)[0][0] == [(1, 'a_var'), (2, 'b_var'), (3, 'vars'), (4, 'alpha'), (0, 'root'), (5, 'zeta'),
                                   (6, 'save_counter')]
    named = tf.train.Checkpoint(model=module, opt=tf.Variable(5.0)).save(str(tmp_path / 'd'))
    assert _graph(named)[0][0] == [(1, 'model'), (2, 'opt'), (3, 'save_counter')]


def test_checkpoint_view_children_match_and_diff(tmp_path):
    root, path = _saved_root(tmp_path)
    view = tf.train.CheckpointView(path)
    assert view.children(0) == {'a_var': 1, 'b_var': 2, 'vars': 3, 'leaf': 4, 'root': 0, 'save_counter': 5}
    assert view.descendants() == list(range(15))
    root2 = SimpleModule(name='root')
    leaf2 = root2.leaf2 = SimpleModule(name='leaf2')
    leaf2.leaf3 = tf.Variable(6.0)
    leaf2.leaf4 = tf.Variable(7.0)
    match = view.match(root2)
    assert sorted(match) == [0, 1, 2, 3, 6, 7]
    assert match[0] is root2 and match[1] is root2.a_var and match[6] is root2.vars[0]
    overlapping, only_saved, only_live = view.diff(root2)
    assert sorted(overlapping) == [0, 1, 2, 3, 6, 7]
    assert only_saved == [4, 5, 8, 9, 10, 11, 12, 13, 14]
    assert only_live[0] is leaf2 and [v.numpy() for v in only_live[1:3]] == [5.0, 4.0]
    assert len(only_live) == 8
    assert view.match(root)[4] is root.leaf


def test_trackable_view_children_and_descendants():
    root = SimpleModule(name='root')
    root.leaf = SimpleModule(name='leaf')
    children = tf.train.TrackableView(root).children(root)
    assert list(children) == ['a_var', 'b_var', 'vars', 'leaf']
    assert children['a_var'] is root.a_var and children['leaf'] is root.leaf
    assert repr(children['vars']).startswith('ListWrapper([<tf.Variable')
    assert len(tf.train.TrackableView(root).descendants()) == 1 + 4 + 2 + 3 + 2

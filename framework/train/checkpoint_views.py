"""``tf.train.TrackableView`` and ``tf.train.CheckpointView``: the object graph of live objects and
of a saved checkpoint, and how they line up (TF 2.21's checkpoint/trackable_view.py and
checkpoint_view.py). The live graph is trackable_view's (what a save would write); the saved one
is the checkpoint's TrackableObjectGraph (trackable_proto)."""
import collections

from . import trackable_proto, trackable_view


class TrackableView:
    """The dependencies of ``root`` and of everything reachable from it."""

    def __init__(self, root):
        self.root = root

    @classmethod
    def children(cls, obj, save_type=None, **kwargs):
        """{name: child} of ``obj``'s dependencies, in TensorFlow's order."""
        return collections.OrderedDict(trackable_view.children(obj))

    def descendants(self):
        """Every object reachable from the root (the root first), breadth first."""
        return list(trackable_view.TrackableGraph(self.root).nodes)


class CheckpointView:
    """The object graph saved in the checkpoint at ``save_path``: node ids and their named children."""

    def __init__(self, save_path):
        from . import load_checkpoint
        reader = load_checkpoint(save_path)
        self._nodes = trackable_proto.decode(reader.get_tensor(trackable_proto.GRAPH_KEY))

    def children(self, node_id):
        """{local name: child node id} of node ``node_id``."""
        return {name: child for child, name in self._nodes[node_id].children}

    def descendants(self):
        """Every node id reachable from node 0 (0 first), breadth first."""
        found, queue = [0], collections.deque([0])
        while queue:
            for child, _ in self._nodes[queue.popleft()].children:
                if child not in found:
                    found.append(child)
                    queue.append(child)
        return found

    def match(self, obj):
        """{node id: object} of the saved nodes that ``obj``'s dependencies reach by the same names
        (node 0 is ``obj``)."""
        overlapping = {0: obj}
        queue, visited = collections.deque([(0, obj)]), set()
        while queue:
            node_id, current = queue.popleft()
            live = TrackableView.children(current)
            for name, child_id in self.children(node_id).items():
                if child_id in visited or child_id == 0 or name not in live:
                    continue
                if child_id not in overlapping:
                    overlapping[child_id] = live[name]
                    queue.append((child_id, live[name]))
            visited.add(node_id)
        return overlapping

    def diff(self, obj):
        """(match(obj), node ids only in the checkpoint, objects only in ``obj``'s graph)."""
        overlapping = self.match(obj)
        matched = {id(value) for value in overlapping.values()}
        only_saved = [node for node in self.descendants() if node not in overlapping]
        only_live = [value for value in TrackableView(obj).descendants() if id(value) not in matched]
        return overlapping, only_saved, only_live

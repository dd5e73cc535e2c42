"""``TrackableObjectGraph``: the object graph a TensorFlow checkpoint stores under
'_CHECKPOINTABLE_OBJECT_GRAPH' (a scalar string tensor), which restore walks by name.

    TrackableObjectGraph { repeated TrackableObject nodes = 1; }      // node 0 is the root
    TrackableObject {
      repeated ObjectReference children = 1;      // { int32 node_id = 1; string local_name = 2; }
      repeated SerializedTensor attributes = 2;   // { name = 1; full_name = 2; checkpoint_key = 3; }
      repeated SlotVariableReference slot_variables = 3;
      BoolValue has_checkpoint_values = 5;
    }
"""
from ..variable import Variable
from .protobuf_wire import Message, fields, first

GRAPH_KEY = '_CHECKPOINTABLE_OBJECT_GRAPH'


def _full_name(variable):
    name = variable.name
    return name[:-2] if name.endswith(':0') else name


def encode(graph):
    """The serialized TrackableObjectGraph of a ``trackable_view.TrackableGraph``."""
    out = Message()
    for i, has_values in enumerate(graph.has_values()):
        node = Message()
        for child, name in graph.edges[i]:
            node.bytes(1, Message().uint(1, child).bytes(2, name), keep_empty=True)
        obj = graph.nodes[i]
        for name, key in graph.attributes.get(i, {}).items():
            full_name = _full_name(obj) if isinstance(obj, Variable) else ''
            node.bytes(2, Message().bytes(1, name).bytes(2, full_name).bytes(3, key))
        node.bytes(5, Message().uint(1, has_values), keep_empty=True)
        out.bytes(1, node, keep_empty=True)
    return out.encode()


class SavedNode:
    def __init__(self, children, keys):
        self.children = children       # [(node id, local name)]
        self.keys = keys               # {attribute name: checkpoint key}


def decode(data):
    """[SavedNode] of a serialized TrackableObjectGraph (index = node id).

    Raises:
        DataLossError: a malformed graph.
    """
    nodes = []
    for raw in fields(data).get(1, []):
        node = fields(raw)
        children = []
        for ref in node.get(1, []):
            ref = fields(ref)
            children.append((first(ref, 1), first(ref, 2, b'').decode('utf-8')))
        keys = {}
        for attribute in node.get(2, []):
            attribute = fields(attribute)
            keys[first(attribute, 1, b'').decode('utf-8')] = first(attribute, 3, b'').decode('utf-8')
        nodes.append(SavedNode(children, keys))
    return nodes

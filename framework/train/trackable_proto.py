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
    if getattr(variable, '_path', None):        # a Keras weight: TF writes its path ('adam/iteration')
        return variable.path
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
    def __init__(self, children, keys, full_names=None, slots=(), has_values=None):
        self.children = children       # [(node id, local name)]
        self.keys = keys               # {attribute name: checkpoint key}
        self.full_names = full_names or {}      # {attribute name: full name ('' for none)}
        self.slots = list(slots)       # [(original node id, slot name, slot node id)]
        self.has_values = has_values   # has_checkpoint_values, None when the field is absent


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
        keys, full_names = {}, {}
        for attribute in node.get(2, []):
            attribute = fields(attribute)
            name = first(attribute, 1, b'').decode('utf-8')
            keys[name] = first(attribute, 3, b'').decode('utf-8')
            full_names[name] = first(attribute, 2, b'').decode('utf-8')
        slots = []
        for ref in node.get(3, []):
            ref = fields(ref)
            slots.append((first(ref, 1, 0), first(ref, 2, b'').decode('utf-8'), first(ref, 3, 0)))
        has_values = None
        if 5 in node:
            has_values = bool(first(fields(node[5][0]), 1, 0))
        nodes.append(SavedNode(children, keys, full_names, slots, has_values))
    return nodes


def node_names(nodes):
    """{node id: TF's name for it}: '(root)' and local names joined by '.', breadth-first, slot
    variables named for their optimizer and variable (TF's ObjectGraphProtoPrettyPrinter)."""
    import collections
    paths, queue = {0: ('(root)',)}, collections.deque([0])
    while queue:
        node_id = queue.popleft()
        for child, name in nodes[node_id].children:
            if child not in paths:
                paths[child] = paths[node_id] + (name,)
                queue.append(child)
    names = {node_id: '.'.join(path) for node_id, path in paths.items()}
    for node_id, node in enumerate(nodes):
        for original, slot_name, slot_id in node.slots:
            names[slot_id] = "%s's state '%s' for %s" % (names.get(node_id), slot_name, names.get(original))
    return names


def node_text(node):
    """The node as protobuf's text format prints a TrackableObject (what TF's assert_consumed shows)."""
    lines = []
    for child, name in node.children:
        lines += ['children {', '  node_id: %d' % child, '  local_name: %s' % _quoted(name), '}']
    for name, key in node.keys.items():
        lines += ['attributes {', '  name: %s' % _quoted(name)]
        if node.full_names.get(name):
            lines.append('  full_name: %s' % _quoted(node.full_names[name]))
        lines += ['  checkpoint_key: %s' % _quoted(key), '}']
    for original, slot_name, slot_id in node.slots:
        lines += ['slot_variables {', '  original_variable_node_id: %d' % original,
                  '  slot_name: %s' % _quoted(slot_name), '  slot_variable_node_id: %d' % slot_id, '}']
    if node.has_values is not None:
        lines += ['has_checkpoint_values {'] + (['  value: true'] if node.has_values else []) + ['}']
    return ''.join(line + '\n' for line in lines)


def _quoted(text):
    return '"%s"' % text.replace('\\', '\\\\').replace('"', '\\"')

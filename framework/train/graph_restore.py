"""Restoring a TensorFlow-format checkpoint by walking its saved object graph, as TensorFlow does.

The saved graph (``trackable_proto``) and the live objects (``trackable_view``)
are walked together from the root, pairing a saved node with the live object
that has the same name under the paired parent. A variable paired with a node
gets that node's value. A saved child with values that the live object lacks
(an unbuilt model's weights, an optimizer's slots before its first step)
waits on that object (``deferred_restore``) and is paired once it builds.
A value is assigned once: a later walk (after a build) leaves the variables
it already restored alone, as TensorFlow does.
"""
import collections

from .. import errors
from ..variable import SYMBOLIC_RUNS, Variable
from . import deferred_restore, unrestored_warning
from .restore_checks import check_restorable
from .tracked_containers import DictWrapper, ListWrapper
from .trackable_view import Container, TrackableGraph, children, is_layer, is_optimizer


def _in_symbolic_build_run():
    return bool(SYMBOLIC_RUNS) and not SYMBOLIC_RUNS[-1].aborted


def _restores_later(obj):
    """Whether ``obj`` says when it gains children (layers and optimizers build; a Checkpoint,
    a tf.Module and a Checkpoint's lists and dicts take new attributes or items), so a value
    waiting for one can be restored then."""
    from ..module import Module
    from .checkpoint import Checkpoint
    return is_layer(obj) or is_optimizer(obj) or isinstance(obj, (Checkpoint, Module, ListWrapper, DictWrapper))


class GraphRestore:
    def __init__(self, nodes, values):
        self.nodes, self.values = nodes, values
        # saved node id -> id of the live object paired with it (ids, not objects: a restore waiting
        # on an object must not keep it alive)
        self.bound = {}
        self.restored = set()      # keys assigned
        self.refused = set()       # keys whose restore raised: TF drops such a deferred restore, not retried
        # a value lost in Keras's symbolic build run (``_lose_first``): optimizer slots then pair by index (_shifted_slot)
        self.lost_in_build_run = False
        self.lost_nodes = []        # saved node ids of those values (assert_existing_objects_matched names them)
        self._with_values = self._nodes_with_values()
        self.unrestored_warning = unrestored_warning.watch(self)    # TF's log when freed with values unused

    def tensor_keys(self, attribute_key):
        """The saved tensors of one attribute of the graph: its own key, or (TF's saveables with
        several tensors) the keys that extend it: 'it/.ATTRIBUTES/ITERATOR' holds
        'it/.ATTRIBUTES/ITERATOR_STATE', 'table/.ATTRIBUTES/table' holds '...table-keys' and
        '...table-values'."""
        if attribute_key in self.values:
            return [attribute_key]
        return [key for key in self.values if key.startswith(attribute_key) and '/' not in key[len(attribute_key):]]

    def _nodes_with_values(self):
        memo = {}
        return [self._reaches_values(i, memo) for i in range(len(self.nodes))]

    def _reaches_values(self, i, memo):
        # a method, not a recursive closure: a closure that calls itself is a reference cycle
        # holding this restore, which would then outlive its status until the garbage collector
        # runs, and TF's unrestored-values warning (logged when it is freed) would come late
        if i not in memo:
            memo[i] = False
            memo[i] = any(self.tensor_keys(k) for k in self.nodes[i].keys.values()) or \
                any(self._reaches_values(j, memo) for j, _ in self.nodes[i].children)
        return memo[i]

    def run(self, root, root_id=0):
        """Pair and assign everything reachable from (``root``, saved node ``root_id``)."""
        self.bound.setdefault(root_id, id(root))
        queue = collections.deque([(root, root_id, root, root_id)])
        assignments, waiting, visited = [], [], {root_id}
        while queue:
            obj, node_id, owner, owner_id = queue.popleft()
            node = self.nodes[node_id]
            if isinstance(obj, Variable):
                key = node.keys.get('VARIABLE_VALUE')
                if key in self.values and key not in self.restored and key not in self.refused \
                        and not (self.lost_in_build_run and self._shifted_slot(obj, key, owner)):
                    assignments.append((obj, key))
                continue
            if hasattr(obj, '_restore_checkpoint_state'):       # e.g. a tf.data iterator
                for attribute_key in node.keys.values():
                    for key in self.tensor_keys(attribute_key):
                        if key not in self.restored:
                            obj._restore_checkpoint_state(key, self.values[key])
                            self.restored.add(key)
                continue
            if not isinstance(obj, Container):
                owner, owner_id = obj, node_id
            live = {}
            for name, child in children(obj):
                live.setdefault(name, child)
            for child_id, name in node.children:
                if child_id in visited:
                    continue
                child = live.get(name)
                if child is None:
                    if self._with_values[child_id] and _restores_later(owner):
                        waiting.append((owner, owner_id))
                    continue
                visited.add(child_id)
                self.bound.setdefault(child_id, id(child))
                queue.append((child, child_id, owner, owner_id))
        # objects still to come keep waiting even if this restore is refused (TF defers each by name)
        registered = set()
        for owner, owner_id in waiting:
            if (id(owner), owner_id) not in registered:
                registered.add((id(owner), owner_id))
                deferred_restore.register(owner, lambda built, i=owner_id: self.run(built, i))
        if assignments and _in_symbolic_build_run() and hasattr(root, '_flatten_layers'):
            self._lose_first(root, assignments)
        # all checked first (one RestoreV2 in TF): a refused restore assigns nothing
        try:
            check_restorable([(key, variable, self.values[key]) for variable, key in assignments])
        except (ValueError, TypeError, errors.InvalidArgumentError):
            self.refused.update(key for _, key in assignments)
            raise
        for variable, key in assignments:
            variable.assign(self.values[key])
            self.restored.add(key)

    def _lose_first(self, root, assignments):
        """TF 2.21 inside Keras's symbolic build run: the first weight made (of those waiting here) is
        not restored, its value is consumed, and the run aborts (see layers/lost_restore.py)."""
        from layers import lost_restore         # (a layer is being built: layers is imported)
        first = min(range(len(assignments)), key=lambda i: assignments[i][0]._serial)
        variable, key = assignments.pop(first)
        self.refused.add(key)       # its restore raised there: dropped, not retried (nor consumed)
        self.lost_nodes += [i for i, node in enumerate(self.nodes) if node.keys.get('VARIABLE_VALUE') == key]
        self.lost_in_build_run = True
        lost_restore.keep_aborted_copy(root, variable)
        for run in SYMBOLIC_RUNS:
            run.abort()

    def _shifted_slot(self, variable, key, owner):
        """After a lost value the optimizer also has slots for the aborted copy, so its saved list of
        variables pairs by index with other variables: TF 2.21 restores those of the saved shape and
        skips the others without a word."""
        return is_optimizer(owner) and '/_variables/' in key and \
            tuple(variable.shape) != tuple(getattr(self.values[key], 'shape', ()))

    def unused_keys(self):
        return sorted(k for k in self.values if k not in self.restored)

    def unbound_keys(self, root):
        bound = set(self.bound.values())
        return sorted(k for k, v in TrackableGraph(root).variables.items() if id(v) not in bound)

    def unbound_variables(self, root):
        """The variables of ``unbound_keys``, in that order."""
        variables = TrackableGraph(root).variables
        return [variables[k] for k in self.unbound_keys(root)]

"""Keras 3.15's "Skipping nested container" warnings when layers of a functional model fail to load.

Keras's loader (``saving_lib._load_state``) walks the model as it saved it, and also walks what it
never saved: a functional model's private ``_operations_by_depth``, one list of layers per depth
(every layer in it was saved under 'layers'). A layer that failed to load is not marked visited, so
Keras retries its depth list at a path the file lacks ('_operations_by_depth/container_1'), where it
fails again, and Keras warns "Skipping nested container at '<path>' ..." before it raises (or warns,
with skip_mismatch) its "A total of N objects could not be loaded". The retry's failures are not
counted in that error. Keras walks a Sequential's or functional model's layers twice (first, then
as its ``layers`` property); a nested model whose layers failed is visited only on the second pass,
so its own depth lists warn twice (Python's default warning filter shows such a repeat once).

``warn_skipped_depth_lists`` replays that walk over tapeflow's saveable tree (``keras_tree``).

The same walk retries a failed layer wherever else it is reached outside a depth list: a subclassed
model's layer is reached as its attribute ('d1') and again in the model's ``layers`` property
('layers/dense'). That retry reads the file at the new path. A subclassed model's own file has
nothing there, so the retry fails too and *is* counted: Keras keeps one error per object, the last,
so its "Example error message" says "Layer 'dense' expected 2 variables, but received 0 variables
during loading" rather than the shape mismatch met first. A Sequential's or functional model's
file has its layers exactly there, so a subclassed model holding the same layers loads it.
"""
import warnings

from ..naming import to_snake_case
from .keras_tree import Saveable, _children, _is_saveable, _join, _unique, is_layer_graph

_TEXT = ("Skipping nested container at '%s': no matching group found in the saved file. This usually means "
         "the file was saved with a Keras version that did not serialize sublayers nested inside containers. "
         "Affected layers will retain their freshly-initialized weights.")


def replay_load_walk(model, failed_objects, attempt):
    """Keras 3.15's load walk over ``model`` once ``failed_objects`` (the layers whose weights did not
    load at their saved path) have failed there.

    ``attempt(obj, path)``: Keras's load of ``obj``'s own variables at ``path`` of the file, as
    (its error text or None, ...). Returns the replay: ``retries`` maps id(obj) to (obj, path, the
    last attempt) for each layer retried outside a depth list, in the order Keras met them;
    ``warn()`` warns for the depth lists Keras skipped.
    """
    replay = _Replay({id(obj) for obj in failed_objects}, attempt)
    if failed_objects:
        replay.load(model, '', retry=False, failed=set())
    return replay


class _Replay:
    """Keras's load walk, reduced to which objects fail and which are visited."""

    def __init__(self, failing, attempt):
        self.failing = failing      # ids of the objects whose own load fails at their saved path
        self.attempt = attempt
        self.visited = set()
        self.skipped = []           # the depth lists' paths, in the order Keras warns them
        self.first_paths = {}       # id -> the path of an object's first load
        self.retries = {}           # id -> (object, path, attempt): its last retry outside a depth list

    def warn(self):
        for path in self.skipped:
            warnings.warn(_TEXT % path, stacklevel=4)

    def load(self, obj, path, retry, failed):
        if id(obj) in self.visited:
            return
        # at a path the file lacks (a retry), any object with variables fails Keras's count check
        if retry:
            failure = bool(Saveable(path, obj).variables)
        elif self.first_paths.setdefault(id(obj), path) != path:
            outcome = self.attempt(obj, path)
            self.retries[id(obj)] = (obj, path, outcome)
            failure = outcome[0] is not None
        else:
            failure = id(obj) in self.failing
        if failure:
            failed.add(id(obj))
        before = len(failed)
        for attribute, child in _walked(obj):
            child_path = _join(path, attribute)
            if _is_saveable(child):
                self.load(child, child_path, retry, failed)
            elif isinstance(child, (list, tuple, dict)):
                self.container(child, child_path, retry, failed)
        if _is_functional(obj):
            self.depth_lists(obj, path)
        if not failure:
            if len(failed) == before:
                self.visited.add(id(obj))
            failed.discard(id(obj))

    def container(self, items, path, retry, failed):
        used = {}
        for item in (items.values() if isinstance(items, dict) else items):
            if _is_saveable(item):
                name = to_snake_case(getattr(type(item), '_keras_class_name', type(item).__name__))
                self.load(item, _join(path, _unique(name, used)), retry, failed)

    def depth_lists(self, model, path):
        used = {}
        for layers in model._graph.layers_by_depth.values():
            list_path = _join(_join(path, '_operations_by_depth'), _unique('container', used))
            retried = set()         # Keras's tracked failures: a fresh set, not the error's
            self.container(layers, list_path, retry=True, failed=retried)
            if retried:
                self.skipped.append(list_path)


def _is_functional(obj):
    from ..functional.functional_model import Functional      # (imported late: it imports the saving package)
    return isinstance(obj, Functional)


def _walked(obj):
    """``keras_tree``'s children, with a model's layers walked a second time as its ``layers`` property.

    Keras's walk skips a functional model's ``_operations`` (its layers again): a failed layer is not
    retried there.
    """
    children = _children(obj, include_optimizer=False)
    if _is_functional(obj):
        children = [(name, child) for name, child in children if name not in ('_operations', 'operations')]
    if is_layer_graph(obj):
        children = children[:1] + children
    return children

"""Compiled losses and metrics of a model whose outputs nest deeper than one list or dict.

A functional model may return ``{'p': [a, b], 'q': c}``, ``[{'u': a, 'v': b}, c]`` or ``[[a, b], c]``.
Keras 3 then walks ``loss`` down the outputs' tree (``CompileLoss._build_nested``): each leaf's loss is
found by its path, and logs under that path joined with '/', where a last list index gives way to the
output layer's name ('p/a_loss', '0/u_loss', 'c_loss'); metrics are matched to the tree leaf by leaf
and named '<output layer>_<metric>' ('a_mae'). The flat forms (one list or dict of outputs) stay with
compile_loss.py / compile_metrics.py, whose many special cases this module leaves alone.
"""
from framework import nest

from .compile import get_loss, get_metric
from .target_errors import stars


def deeply_nested(y_pred):
    """Whether ``y_pred`` nests below its first level (Keras 3's 'not flat': more leaves than items)."""
    return isinstance(y_pred, (list, tuple, dict)) and len(nest.flatten(y_pred)) != len(y_pred)


def resolve_path(path, value):
    """``value[path[0]][path[1]]...`` (Keras's ``resolve_path``)."""
    for key in path:
        value = value[key]
    return value


def align_targets(y_true, y_pred, user_loss=None):
    """``y_true`` in ``y_pred``'s tree, as Keras 3's CompileLoss packs it: same leaves in the same
    flattening order (a dict's sorted keys), whatever the containers (its data adapter made y's
    lists tuples). Targets given only for the losses that are not None (loss={'p': [...]}, y={'p':
    [...]}) are packed in ``user_loss``'s tree instead; other counts are Keras's structure ValueError."""
    if _same_tree(y_true, y_pred):
        return y_true
    flat = nest.flatten(y_true)
    if len(flat) == len(nest.flatten(y_pred)):
        return nest.pack_sequence_as(y_pred, flat)
    flat_loss = nest.flatten(user_loss)
    with_loss = [index for index, loss in enumerate(flat_loss) if loss is not None]
    if user_loss is None or len(flat) != len(with_loss):
        raise ValueError('y_true and y_pred have different structures.\ny_true: %s\ny_pred: %s\n'
                         % (stars(y_true, tuples=True), stars(y_pred)))
    spread = [None] * len(flat_loss)
    for index, target in zip(with_loss, flat):
        spread[index] = target
    return nest.pack_sequence_as(user_loss, spread)


class _Weighted:
    """One leaf of ``loss`` with its weight (Keras's WeightedLoss pytree leaf)."""

    def __init__(self, loss, weight):
        self.loss, self.weight = loss, weight


def build_losses(user_loss, user_weights, y_true, y_pred, output_names):
    """[(path, Loss, weight, name)] for every loss leaf, in Keras 3's walk order.

    Raises:
        KeyError: a path of ``loss`` that the outputs or the targets lack (Keras's words).
        ValueError: a loss dict keyed otherwise than the outputs, or loss_weights of another count.
    """
    loss, weights = user_loss, user_weights
    if output_names and isinstance(loss, dict) and not isinstance(y_pred, dict):
        # a list of outputs takes a loss dict keyed by the output layers' names, in their order
        if set(output_names) != set(loss):
            raise ValueError('Expected keys %s in loss dict, but found loss.keys()=%s'
                             % (list(output_names), list(loss.keys())))
        if isinstance(weights, dict):
            weights = [weights[name] for name in output_names]
        loss = [loss[name] for name in output_names]
    loss = _pair_weights(loss, weights)
    names = output_names if output_names and len(output_names) == len(nest.flatten(y_pred)) \
        else [None] * len(nest.flatten(y_pred))
    names = nest.pack_sequence_as(y_pred, list(names))
    if not _is_tree(loss):
        loss = nest.map_structure(lambda _: loss, y_pred)
    entries = []
    _walk(y_true, y_pred, loss, names, (), entries)
    return entries


def _pair_weights(loss, weights):
    """``loss`` with each leaf paired with its weight (None where no weights were given); weights
    nested otherwise than the losses pair by flat position, as Keras packs them."""
    flat_loss = nest.flatten(loss)
    if weights is None:
        flat_weights = [None] * len(flat_loss)
    else:
        flat_weights = nest.flatten(weights)
        if len(flat_weights) != len(flat_loss):
            raise ValueError('`loss_weights` must match the number of losses, got %d losses and %d weights.'
                             % (len(flat_loss), len(weights) if hasattr(weights, '__len__') else 1))
    paired = [None if one is None else _Weighted(one, weight) for one, weight in zip(flat_loss, flat_weights)]
    return paired[0] if not _is_tree(loss) else nest.pack_sequence_as(loss, paired)


def _walk(y_true, y_pred, loss, names, path, entries):
    """Keras 3's ``CompileLoss._build_nested``: ``loss`` (a tree of _Weighted leaves) down the outputs."""
    if loss is None:
        return
    if isinstance(loss, _Weighted):
        resolved = get_loss(loss.loss, y_true, y_pred)
        name_path = path
        if not _is_tree(names):
            name = names if names is not None else resolved.name
            if not name_path:
                name_path = (name,)
            elif isinstance(name_path[-1], int):
                name_path = name_path[:-1] + (name,)
        label = '/'.join(str(part) for part in name_path)
        if label == '':
            label = '_'.join(list(names) if isinstance(names, dict) else nest.flatten(names))
        entries.append((path, resolved, loss.weight, label))
        return
    flat_pred = nest.flatten(y_pred)
    if isinstance(loss, (list, tuple)):
        if all(not _is_tree(one) for one in loss) and len(loss) == len(flat_pred):
            loss = nest.pack_sequence_as(y_pred, list(loss))     # one loss per leaf, in flat order
        elif not isinstance(y_pred, type(loss)):
            for one in loss:        # several losses for one output (or one subtree): each counts
                _walk(y_true, y_pred, one, names, path, entries)
            return
    if not _is_tree(loss):
        return _walk(y_true, y_pred, loss, names, path, entries)
    if not isinstance(loss, type(y_pred)):
        raise KeyError("The path: %r in the `loss` argument, can't be found in the model's output (`y_pred`)."
                       % (path,))
    items = loss.items() if isinstance(loss, dict) else enumerate(loss)
    for key, one in items:
        if one is None:
            continue
        if not all(_has_key(tree, key) for tree in (y_true, y_pred)):
            raise KeyError("The path: %r in the `loss` argument, can't be found in either the model's output "
                           '(`y_pred`) or in the labels (`y_true`).' % (path + (key,),))
        _walk(y_true[key], y_pred[key], one, names[key], path + (key,), entries)


def build_metric_lists(metrics, y_true, y_pred, output_names, make_list):
    """One ``make_list(metrics, y_true, y_pred, output_name)`` per output leaf, in flat order, as Keras 3
    matches ``metrics`` to a deeply nested output tree (map_structure_up_to over y_pred, lists as tuples).

    Raises:
        TreeMismatch: metrics nested otherwise than the outputs.
    """
    count = len(nest.flatten(y_pred))
    names = output_names if output_names and len(output_names) == count else [None] * count
    pred_leaves, name_leaves = nest.flatten(y_pred), list(names)
    true_leaves = nest.flatten(align_targets(y_true, y_pred))
    lists = []
    for index, (part, _) in enumerate(_leaves_up_to(y_pred, metrics, ())):
        lists.append(make_list(part, true_leaves[index], pred_leaves[index], name_leaves[index]))
    return lists


class TreeMismatch(ValueError):
    """``metrics`` nested otherwise than the outputs at ``path``: ``metrics`` and ``outputs`` are the two
    subtrees that differ there (the caller words it as Keras's tree library does)."""

    def __init__(self, metrics, outputs, path):
        super().__init__('the metrics at %r do not match the outputs there' % (path,))
        self.metrics, self.outputs, self.path = metrics, outputs, path


def _leaves_up_to(y_pred, metrics, path):
    """(``metrics``'s part, path) for each leaf of ``y_pred``, in flat order (dicts by sorted key)."""
    if not _is_tree(y_pred):
        return [(metrics, path)]
    if isinstance(y_pred, dict):
        if not isinstance(metrics, dict) or set(metrics) != set(y_pred):
            raise TreeMismatch(metrics, y_pred, path)
        keys = sorted(y_pred)
    else:
        if not isinstance(metrics, (list, tuple)) or len(metrics) != len(y_pred):
            raise TreeMismatch(metrics, y_pred, path)
        keys = range(len(y_pred))
    return [leaf for key in keys for leaf in _leaves_up_to(y_pred[key], metrics[key], path + (key,))]


def _is_tree(value):
    return isinstance(value, (list, tuple, dict))


def _has_key(tree, key):
    if isinstance(tree, dict):
        return key in tree
    return isinstance(tree, (list, tuple)) and isinstance(key, int) and key < len(tree)


def _same_tree(a, b):
    if isinstance(a, dict) or isinstance(b, dict):
        return isinstance(a, dict) and isinstance(b, dict) and sorted(a) == sorted(b) and \
            all(_same_tree(a[key], b[key]) for key in a)
    if isinstance(a, (list, tuple)) or isinstance(b, (list, tuple)):
        return type(a) is type(b) and len(a) == len(b) and all(_same_tree(x, y) for x, y in zip(a, b))
    return True

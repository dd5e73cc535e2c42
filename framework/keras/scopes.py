"""Keras 3's top-level scopes ``keras.RematScope`` / ``keras.remat`` and ``keras.SymbolicScope``.

Rematerialisation trades memory for compute: it changes no value. ``keras.remat(f)`` is
``tf.recompute_grad(f)``, as on Keras's TF backend; a ``RematScope`` records the mode Keras's
layers would consult, and tapeflow's layers compute as without it (same numbers).
"""
import collections

__all__ = ['RematScope', 'SymbolicScope', 'get_current_remat_mode', 'in_symbolic_scope', 'remat']

RematMode = collections.namedtuple('RematMode', ['mode', 'output_size_threshold', 'layer_names'])
_stacks = {'remat': [], 'symbolic': []}


class RematScope:
    """``with keras.RematScope(mode='full'):`` (or 'activations', 'larger_than', 'list_of_layers', None).

    Raises:
        ValueError: another mode.
    """

    def __init__(self, mode='full', output_size_threshold=1024, layer_names=None):
        if mode not in {'full', 'activations', 'larger_than', 'list_of_layers', None}:
            raise ValueError("Invalid mode '%s'. Supported modes are: 'full', 'activations', 'larger_than', "
                             "'list_of_layers', or  None." % (mode,))
        self.mode = mode
        self.output_size_threshold = output_size_threshold
        self.layer_names = layer_names or []

    def __enter__(self):
        _stacks['remat'].append(self)
        return self

    def __exit__(self, *exc):
        _stacks['remat'].remove(self)


def get_current_remat_mode():
    """The innermost RematScope's (mode, output_size_threshold, layer_names), or None."""
    if not _stacks['remat']:
        return None
    scope = _stacks['remat'][-1]
    return RematMode(scope.mode, scope.output_size_threshold, scope.layer_names)


def remat(f):
    """``f`` recomputing its activations in the backward pass (tf.recompute_grad): same values."""
    from framework.recompute_grad import recompute_grad
    return recompute_grad(f)


class SymbolicScope:
    """Marks code run while Keras traces shapes symbolically (``in_symbolic_scope()`` is then True)."""

    def __enter__(self):
        _stacks['symbolic'].append(self)
        return self

    def __exit__(self, *exc):
        _stacks['symbolic'].remove(self)


def in_symbolic_scope():
    return bool(_stacks['symbolic'])

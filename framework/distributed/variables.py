"""Making every rank start from root's weights and optimizer state."""
from framework.variable import Variable
from . import collectives, world
from .fused import FusedBuffer
from .optimizer import check_same_layout


def broadcast_variables(variables, root=0):
    """Overwrite ``variables`` in place with root's values, in one broadcast per dtype.

    Args:
        variables: Variables (e.g. ``model.variables``), in the same order on every rank.
        root: the rank whose values win.
    Raises:
        TypeError: an item that is not a Variable.
        ValueError: ranks hold different shapes or dtypes (every rank raises).
    """
    variables = list(variables)
    for i, variable in enumerate(variables):
        if not isinstance(variable, Variable):
            raise TypeError('broadcast_variables: item %d is a %s, not a framework.Variable; pass '
                            'model.variables' % (i, type(variable).__name__))
    collectives.check_root(root, 'broadcast_variables')
    if world.size() == 1 or not variables:
        return
    arrays = [v._data for v in variables]
    fused = FusedBuffer(arrays)
    check_same_layout(fused.layout, 'broadcast_variables: the variables')
    if world.rank() == root:
        fused.pack(arrays)
    for buffer in fused.buffers:
        collectives.broadcast_in_place(buffer, root)
    if world.rank() != root:
        for variable, value in zip(variables, fused.views()):
            variable._data[...] = value


def broadcast_optimizer_state(optimizer, variables, root=0):
    """Give every rank root's optimizer state (iteration count, learning rate, slots) for ``variables``.

    Slots are made lazily, on an optimizer's first update, so they are built
    here first, for all of ``variables`` at once as the first update would: on
    every rank they then exist, zero or restored, before root's are sent.
    Build-time settings (``exclude_from_weight_decay``) must be made before.
    """
    variables = list(variables)
    optimizer.build(variables)
    broadcast_variables(optimizer.variables, root)

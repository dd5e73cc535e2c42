"""reduce_retracing across fit / evaluate passes on arrays (see ``relaxed_axes``)."""
from framework import nest
from framework.tensor import Tensor

from .traced_step import batch_axis_open


def relaxed_axes(latest, batch, free_batch):
    """reduce_retracing across passes: Keras keeps one train (and one test) function per compile, so
    a pass on arrays of other shapes than its latest trace's (fit(x, y_onehot) after fit(x, y), or
    evaluate after a fit with validation_data) traces again with the differing axes open, as TF 2.21
    generalizes the input types; a shape error then fails at run time (InvalidArgumentError 'Incompatible
    shapes: [10,2] vs. [10,3]'), not in the graph. The open axes of each leaf (None: its rank), or None
    where nothing but the batch axis differs (the trace is as on fresh data)."""
    if latest is None:
        return None
    current = leaf_specs(batch, batch_axis_open(batch, free_batch))
    if len(current) != len(latest) or any(a[1] != b[1] for a, b in zip(current, latest)):
        return None         # another structure or other dtypes: TF traces those as they are
    axes, differ = [], False
    for (old, _), (new, _) in zip(latest, current):
        if old is None or new is None or len(old) != len(new):
            differ = differ or old != new
            axes.append(None if old is not None and new is not None else ())
            continue
        differ = differ or old[1:] != new[1:]
        axes.append(tuple(i for i, (a, b) in enumerate(zip(old, new)) if a is None or b is None or a != b))
    return axes if differ else None


def leaf_specs(batch, open_axes):
    """The shape (None for open axes; None for an unknown rank or a leaf with no array) and dtype of each
    leaf of ``batch`` that a trace takes, as traced_step numbers them."""
    specs = []
    for index, value in enumerate(t for t in nest.flatten(batch) if t is not None):
        if type(value) is not Tensor:
            specs.append((None, None))
            continue
        axes = open_axes[index] if index < len(open_axes) else ()
        shape = None if axes is None else tuple(None if i in axes else d for i, d in enumerate(value._data.shape))
        specs.append((shape, value._data.dtype.name))
    return tuple(specs)

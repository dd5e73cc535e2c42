"""A predict_step output that holds None: ``return (y, None)``, ``{'y': y, 'aux': None}``, or a
step written without its return.

Keras 3 gathers predict's batch outputs with ``tree.map_structure_up_to(batch_outputs, ...)``,
which refuses them as soon as it runs on such a structure: at the second batch, or at the end
when there is one batch (TF 2.21: ValueError "Structures don't have the same nested structure.").
predict_on_batch turns each leaf into numpy with ``.numpy()`` (AttributeError "'NoneType' object
has no attribute 'numpy'"). tapeflow concatenated the Nones ('zero-dimensional arrays cannot be
concatenated') and returned array(None, dtype=object) from predict_on_batch.
"""
from collections.abc import Mapping

from framework.errors import noted

_OWN = ('predict_step returned %s, which holds None: return the outputs to predict (a tensor, or a '
        'tuple / list / dict of tensors)')


def holds_none(output):
    """Whether ``output`` is None or a tuple / list / dict with None among its leaves."""
    if output is None:
        return True
    if isinstance(output, Mapping):
        return any(holds_none(each) for each in output.values())
    if isinstance(output, (list, tuple)):
        return any(holds_none(each) for each in output)
    return False


def predict_error(output):
    """What predict raises for such an output (see the module's docstring)."""
    return noted(ValueError("Structures don't have the same nested structure."), _OWN % _shown(output))


def on_batch_error(output):
    """What predict_on_batch raises for such an output."""
    return noted(AttributeError("'NoneType' object has no attribute 'numpy'"), _OWN % _shown(output))


def _shown(output):
    return 'None' if output is None else 'a %s' % type(output).__name__

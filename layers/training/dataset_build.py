"""Building a Sequential model from a dataset's element spec before fit / evaluate / predict.

Keras 3 traces its train, test and predict steps on a tf.data.Dataset's ``element_spec``, so a
Sequential model without an Input is built for the spec's shapes: the batch size stays None
(the text-classification tutorial's ``export_model.summary()`` shows ``(None, 25)``, not the
first batch's 32). tapeflow builds it the same way before the first batch is run. A model made under a
distribution strategy is built on the first batch's shapes instead, as Keras's symbolic build does there.
"""
from framework.data import Dataset
from framework.ops.tensor_spec import TensorSpec


def build_from_element_spec(model, x):
    """Build ``model`` (a Sequential not built yet) for the inputs' spec of the Dataset ``x``.

    Only a spec whose one unknown size is the batch's is used; anything else (a generator, a
    spec with other unknown sizes, a nested input) leaves the build to the first batch.
    """
    from ..sequential import Sequential
    if not isinstance(x, Dataset) or not isinstance(model, Sequential) or model.built or not model.layers:
        return
    if getattr(model, '_distribute_strategy', None) is not None:
        return      # Keras's symbolic build reads the first batch there (strategy_symbolic_build.py)
    spec = x.element_spec
    inputs = spec[0] if isinstance(spec, tuple) and not hasattr(spec, '_fields') else spec
    if not isinstance(inputs, TensorSpec) or inputs.shape.rank in (None, 0):
        return
    shape = tuple(inputs.shape)
    if None in shape[1:]:
        return
    model.build(shape)

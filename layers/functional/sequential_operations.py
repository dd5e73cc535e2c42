"""The operations of the Functional that Keras 3 keeps inside a built Sequential.

Keras 3's Sequential.build traces its layers on an Input and wraps the graph in a Functional
(``model._functional``), whose ``_operations`` list also holds the keras.ops calls the trace
recorded: the masks that ``Embedding(mask_zero=True)`` and ``Masking`` compute (NotEqual, Any).
TensorFlow checkpoints that list by index ('model/_functional/_operations/3/cell/kernel'), so an
LSTM after a masking Embedding is operation 3, not 2.
"""
from .graph import map_graph


def sequential_operations(model):
    """[InputLayer, layers and recorded ops] in Keras's order, from the graph the Sequential's build
    traced; None when it traced none (a layer that could not be called symbolically)."""
    ends = vars(model).get('_graph_ends')
    if not ends:
        return None
    inputs, outputs = ends
    return list(map_graph(model.name, list(inputs), list(outputs)).layers)

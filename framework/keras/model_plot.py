"""``keras.utils.model_to_dot`` / ``plot_model``: a model's layer graph drawn with pydot and Graphviz.

As in Keras, pydot and Graphviz are optional: without them both functions
raise ImportError saying what to install. One box per layer (a subclassed
model is one box), an arrow per connection: consecutive layers in a
Sequential, each call's inputs in a functional model.
"""
import os

_UNBUILT = ('This model has not yet been built. Build the model first by calling `build()` or by calling the model '
            'on a batch of data.')       # Keras 3's words


def _pydot():
    try:
        import pydot
    except ImportError:
        return None
    return pydot


def _graphviz_works(pydot):
    try:
        pydot.Dot.create(pydot.Dot())       # renders an empty graph: fails without Graphviz's `dot`
        return True
    except (OSError, getattr(pydot, 'PydotException', OSError)):
        return False


def _label(layer, show_shapes, show_dtype, show_layer_names, show_layer_activations, show_trainable):
    title = '%s (%s)' % (layer.name, type(layer).__name__) if show_layer_names else type(layer).__name__
    rows = [title]
    if show_layer_activations and hasattr(layer, 'activation'):
        rows.append('Activation: %s' % getattr(layer.activation, '__name__', layer.activation))
    if show_dtype:
        rows.append('dtype: %s' % getattr(layer, 'dtype', '?'))
    if show_shapes:
        from layers.functional.node import first_call_tensors
        try:
            inputs, outputs = first_call_tensors(layer, 'input'), first_call_tensors(layer, 'output')
            shape = lambda t: [x.shape for x in t] if isinstance(t, list) else t.shape     # noqa: E731
            rows.append('Input shape: %s | Output shape: %s' % (shape(inputs), shape(outputs)))
        except AttributeError:
            rows.append('Output shape: ?')
    if show_trainable:
        rows.append('Trainable: %s' % ('T' if layer.trainable else 'F'))
    # Record-shaped nodes treat these characters as field syntax.
    return '{%s}' % '|'.join(r.replace('{', '(').replace('}', ')').replace('<', '(').replace('>', ')')
                             for r in rows)


def model_to_dot(model, show_shapes=False, show_dtype=False, show_layer_names=True, rankdir='TB', expand_nested=False,
                 dpi=200, subgraph=False, show_layer_activations=False, show_trainable=False, splines='ortho',
                 **kwargs):
    """A ``pydot.Dot`` graph of the model's layers.

    Raises:
        ValueError: an unbuilt model, unknown keywords, or expand_nested / subgraph (not supported here).
        ImportError: pydot is not installed.
    """
    from layers.functional.functional_model import Functional
    from layers.functional.node import producer
    from layers.sequential import Sequential
    if not model.built:
        raise ValueError(_UNBUILT)
    if kwargs:
        raise ValueError('model_to_dot: unrecognized keyword arguments %s' % (kwargs,))
    if expand_nested or subgraph:
        raise ValueError('model_to_dot: expand_nested and subgraph are not supported by tapeflow; nested models '
                         'are drawn as one box')
    pydot = _pydot()
    if pydot is None:
        raise ImportError('You must install pydot (`pip install pydot`) for model_to_dot to work.')
    dot = pydot.Dot()
    for key, value in (('rankdir', rankdir), ('concentrate', True), ('dpi', dpi), ('splines', splines)):
        dot.set(key, value)
    dot.set_node_defaults(shape='record')
    options = (show_shapes, show_dtype, show_layer_names, show_layer_activations, show_trainable)
    if isinstance(model, Sequential):
        layers, edges = model.layers, list(zip(model.layers, model.layers[1:]))
    elif isinstance(model, Functional):
        layers = model.layers
        edges = [(producer(x).layer, node.layer) for node in model._graph.steps for x in node.input_tensors]
    else:
        layers, edges = [model], []
    for layer in layers:
        dot.add_node(pydot.Node(str(id(layer)), label=_label(layer, *options)))
    for source, target in edges:
        if not dot.get_edge(str(id(source)), str(id(target))):
            edge = pydot.Edge(str(id(source)), str(id(target)))
            edge.set('penwidth', '2')
            dot.add_edge(edge)
    return dot


def plot_model(model, to_file='model.png', show_shapes=False, show_dtype=False, show_layer_names=False, rankdir='TB',
               expand_nested=False, dpi=200, show_layer_activations=False, show_trainable=False, splines='ortho',
               **kwargs):
    """Draw the model's graph into ``to_file`` (format from its suffix: png, svg, pdf ...).

    Raises:
        ValueError: an unbuilt model (and see model_to_dot).
        ImportError: pydot or Graphviz is missing (says how to install them).
    """
    if not model.built:
        raise ValueError(_UNBUILT)
    pydot = _pydot()
    if pydot is None:
        raise ImportError('You must install pydot (`pip install pydot`) for `plot_model` to work.')
    if not _graphviz_works(pydot):
        raise ImportError('You must install graphviz (see instructions at https://graphviz.gitlab.io/download/) for '
                          '`plot_model` to work.')
    dot = model_to_dot(model, show_shapes=show_shapes, show_dtype=show_dtype, show_layer_names=show_layer_names,
                       rankdir=rankdir, expand_nested=expand_nested, dpi=dpi,
                       show_layer_activations=show_layer_activations, show_trainable=show_trainable,
                       splines=splines, **kwargs)
    extension = os.path.splitext(str(to_file))[1][1:] or 'png'
    dot.write(str(to_file), format=extension)

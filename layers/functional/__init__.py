"""Keras 3's functional API: ``Input`` tensors, recorded layer calls, ``Functional`` models.

- ``keras_tensor``: KerasTensor, the symbolic tensor (shape, dtype, name, history).
- ``node``: Node, one recorded layer call; ``layer._inbound_nodes`` lists them.
- ``symbolic_call``: what ``Layer.__call__`` does when given KerasTensors.
- ``graph``: the calls between inputs and outputs, sorted once as Keras sorts them.
- ``functional_model``: ``Functional``, the model that runs them.
- ``config``: its config in Keras 3's layout, and back.

This package file imports nothing: ``layers.layer`` imports ``symbolic_call``
while ``functional_model`` imports ``layers.model``.
"""

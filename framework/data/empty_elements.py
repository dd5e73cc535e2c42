"""TF 2.21's refusal of a dataset whose elements would hold no tensor: ``Dataset.zip(())``, ``zip({})``,
``from_tensors(())``, ``from_tensors(None)``. Its op registry checks the dataset kernel's list attributes
(``min=1``); which of the two empty lists it names first varies from run to run in TensorFlow
('output_types' / 'output_shapes'), here always the first of the op's signature."""
from ..errors import InvalidArgumentError, noted

_KERNELS = {
    'ZipDataset': ('output_types', 'input_datasets:N*variant -> handle:variant; attr=output_types:list(type),min=1; '
                                   'attr=output_shapes:list(shape),min=1; attr=N:int,min=1; '
                                   'attr=metadata:string,default=""'),
    'TensorDataset': ('Toutput_types', 'components: -> handle:variant; attr=Toutput_types:list(type),min=1; '
                                       'attr=output_shapes:list(shape),min=1; attr=metadata:string,default=""; '
                                       'is_stateful=true'),
}


def no_components_error(kernel, what, given):
    """The InvalidArgumentError of ``kernel`` made with no component, tapeflow's words (``what``) a note."""
    attr, signature = _KERNELS[kernel]
    return noted(InvalidArgumentError("Length for attr '%s' of 0 must be at least minimum 1\n\t; NodeDef: {{node %s}}; "
                                      'Op<name=%s; signature=%s> [Op:%s] name: '
                                      % (attr, kernel, kernel, signature, kernel)),
                 '%s: the elements would hold no tensor (got %r); give at least one' % (what, given))

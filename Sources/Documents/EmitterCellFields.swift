import Animation

/// The fields of an emitter cell in a scene file, read and written from this one list.
enum EmitterCellFields {
    /// The number fields, each with where it is stored and the values it may take.
    static let numbers = EmitterCell.numberFields

    /// Every field a cell object may have.
    static let all = ["name", "enabled", "color", "contents", "contentsRect", "emitterCells"] + numbers.map(\.name)
}
